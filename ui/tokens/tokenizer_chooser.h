#pragma once
// Picks one tokenizer for the inspector: the experiment form's settings trained on its
// training text, the current run's, a run folder, a checkpoint, a sentencepiece .model, or
// one trained on a corpus with the settings shown. Loading and training run on a thread of
// their own, with a busy bar and Cancel.

#include <QString>
#include <QWidget>

#include <memory>
#include <optional>

#include "core/config/experiment_config.h"
#include "core/data/tokenizer.h"
#include "core/io/tokenizer_source.h"
#include "ui/common/background_thread.h"

class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;

namespace tfw {

class TokenizerChooser final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TokenizerChooser)

  public:
    // optional: the list starts with "None" (the second tokenizer of a comparison).
    TokenizerChooser(const QString& title, bool optional, QWidget* parent = nullptr);

    // The experiment whose tokenizer settings and training text "Experiment settings" uses.
    void setExperiment(const ExperimentConfig& config);
    // The run "Current run" loads; empty hides that choice.
    void setRun(const QString& runDir);
    // Loads (or trains) the tokenizer of source now.
    void load(const TokenizerSource& source);
    // Selects the current run's tokenizer (when there is one) and loads it.
    void useRun();
    void cancel();

    std::shared_ptr<const Tokenizer> tokenizer() const { return m_tokenizer; }
    QString label() const { return m_label; }
    bool isBusy() const { return m_thread.isRunning(); }
    QComboBox* originList() const { return m_origin; }
    QSpinBox* vocabSize() const { return m_vocabSize; }
    // Which side of a run or checkpoint with a vocabulary per side; the source side first.
    QComboBox* sideList() const { return m_side; }
    TokenizerSide side() const;

  Q_SIGNALS:
    // A tokenizer was loaded, or "None" chosen (tokenizer() is then null).
    void tokenizerChanged();
    void problem(const QString& message);

  private:
    enum Choice { None, Experiment, CurrentRun, RunFolder, CheckpointFile, ModelFile, Corpus };

    void onChoice();
    void chooseAndLoad();
    // Shows where source comes from in the list (and its training settings).
    void showOrigin(const TokenizerSource& source);
    TokenizerConfig corpusSettings() const;
    void setBusy(bool busy, const QString& what);
    void showLoaded(const SourcedTokenizer& loaded);
    // Switching the side reloads the run's or checkpoint's tokenizer on display.
    void switchSide();

    QComboBox* m_origin;
    QComboBox* m_type;
    QComboBox* m_side;  // runs and checkpoints with a vocabulary per side
    QSpinBox* m_vocabSize;
    QWidget* m_corpusSettings;
    QPushButton* m_load;
    QPushButton* m_cancel;
    QProgressBar* m_busy;
    QLabel* m_status;
    ExperimentConfig m_experiment;
    QString m_runDir;
    std::shared_ptr<const Tokenizer> m_tokenizer;
    std::optional<TokenizerSource> m_loadedSource;  // where m_tokenizer came from
    QString m_label;
    QString m_corpusDir;
    BackgroundThread m_thread{this};  // last: it stops before the members its work uses
};

}  // namespace tfw
