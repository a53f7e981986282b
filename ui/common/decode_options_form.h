#pragma once
// Every decoding option in one form, one field per entry of decode_fields(): the method
// (greedy, beam search or sampling), the fields of the chosen method and the limits that
// apply to all. Each field explains itself in its tooltip; invalid combinations are named
// under the form (core's check_decode_options). Used by the Inference, Evaluate and
// side-by-side views.

#include <QStringList>
#include <QWidget>
#include <utility>
#include <vector>

#include "core/config/decode_fields.h"
#include "core/decode/decode_options.h"

class QComboBox;
class QGroupBox;
class QLabel;

namespace tfw {

class FieldEditor;

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
    std::vector<std::pair<const DecodeField*, FieldEditor*>> m_fields;
    QLabel* m_problems;
    bool m_updating = false;
};

}  // namespace tfw
