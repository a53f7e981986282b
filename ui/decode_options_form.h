#pragma once
// Every decoding option in one form: greedy, beam search (size, length penalty form and
// alpha, n-best) or sampling (temperature, top-k, top-p, seed, samples), plus the length
// limits and n-gram blocking. Each field explains itself in its tooltip; invalid
// combinations are named under the form (core's check_decode_options). Used by the
// Inference pane and reusable by any view that decodes.

#include <QStringList>
#include <QWidget>

#include "core/decode/decode_options.h"

class QComboBox;
class QDoubleSpinBox;
class QGroupBox;
class QLabel;
class QSpinBox;

namespace tfw {

class DecodeOptionsForm final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DecodeOptionsForm)

  public:
    enum class Mode { Greedy, Beam, Sampling };

    explicit DecodeOptionsForm(QWidget* parent = nullptr);

    // What the fields say; fields not used by the mode keep DecodeOptions' meaning
    // (greedy: beam 1, n-best 1; beam search: no sampling).
    DecodeOptions options() const;
    void setOptions(const DecodeOptions& options);

    Mode mode() const;
    void setMode(Mode mode);
    QStringList problems() const;  // empty when usable
    bool isValid() const { return problems().isEmpty(); }

  Q_SIGNALS:
    void optionsChanged();

  private:
    void onChanged();
    void updateVisibility();

    QComboBox* m_mode;
    QGroupBox* m_beamGroup;
    QGroupBox* m_sampleGroup;
    QSpinBox* m_beam;
    QComboBox* m_lenpenForm;
    QDoubleSpinBox* m_lenpen;
    QSpinBox* m_nbest;
    QDoubleSpinBox* m_maxLenA;
    QSpinBox* m_maxLenB;
    QSpinBox* m_minLen;
    QSpinBox* m_noRepeat;
    QDoubleSpinBox* m_temperature;
    QSpinBox* m_topK;
    QDoubleSpinBox* m_topP;
    QSpinBox* m_seed;
    QSpinBox* m_samples;
    QLabel* m_problems;
    bool m_updating = false;
};

}  // namespace tfw
