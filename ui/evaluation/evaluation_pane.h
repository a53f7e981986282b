#pragma once
// The Evaluate area: pick a checkpoint and a test set, evaluate on a worker thread with
// progress and cancel, then read the corpus scores with their signatures and every
// sentence's score in a table sorted worst first. A row opens in the Inference area.
// Results are kept in the run folder; earlier ones can be shown again. The checkpoint list
// and the saved results are read on a background thread, one reading after another.

#include <QList>
#include <QWidget>
#include <optional>

#include "core/decode/decode_options.h"
#include "ui/common/background_thread.h"
#include "ui/common/checkpoint_choices.h"

class QCheckBox;
class QComboBox;
class QGroupBox;
class QLabel;
class QLayout;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QTableWidget;
class QWidget;

namespace tfw {

class DecodeOptionsForm;
class EvaluationJob;
struct Evaluation;

class EvaluationPane final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(EvaluationPane)

  public:
    explicit EvaluationPane(QWidget* parent = nullptr);

    void setRunsRoot(const QString& root);
    // Selects the checkpoint (adding it to the list when it is not under the runs folder).
    void setCheckpoint(const QString& path);
    QString checkpoint() const;
    // "valid", "test" or "custom"
    void setSplit(const QString& split);
    void setCustomFiles(const QString& srcFile, const QString& refFile);
    // Decoding: the checkpoint's own settings (the default) or the form's.
    void setUseCheckpointDecoding(bool use);
    DecodeOptionsForm* optionsForm() const { return m_form; }

    // Waits for the checkpoint list when it is still being read and no checkpoint is chosen.
    void evaluate();
    void cancel();
    bool isRunning() const;
    QTableWidget* sentenceTable() const { return m_table; }
    // Opens the length-extrapolation dialog on the chosen checkpoint and text (language models).
    void showExtrapolation();
    QString summaryText() const;

  Q_SIGNALS:
    // `options`: the decoding settings the result was made with, so that Inference decodes
    // the sentence as the evaluation did.
    void openInInference(const QString& checkpoint, const QString& source, const QString& reference,
                         const tfw::DecodeOptions& options);
    // A new result was saved in this run folder.
    void evaluationSaved(const QString& runDir, const QString& path);
    void statusMessage(const QString& message);

  protected:
    void showEvent(QShowEvent* event) override;

  private:
    enum Column { Line, Score, Source, Output, Reference, Count };

    // The saved results of a checkpoint's run, read off the window's thread.
    struct SavedResults {
        QString checkpoint;
        bool inRun = false;                      // the checkpoint belongs to a run folder
        QList<QPair<QString, QString>> results;  // label, file; oldest first
        int newestOfCheckpoint = -1;             // the newest result of the checkpoint itself
        std::optional<DecodeOptions> decode;     // the checkpoint's experiment's decode section
    };

    // The widgets, group by group (evaluation_pane_layout.cpp).
    void setUpInputChoice();
    void buildCustomFiles();
    void setUpResultDisplay();
    QGroupBox* buildDecodingBox();
    void setUpSentenceTable();
    QLayout* buildSetupColumn();
    void connectControls();
    void connectJob();

    // Readings run one at a time in the order asked for.
    void read(BackgroundThread::Work work);
    void readNext();
    void refreshCheckpoints();
    void showChoices(const QList<CheckpointChoice>& choices);
    // `select`: the result to choose once the list is in (e.g. the one just saved).
    void refreshSavedResults(const QString& select = {});
    void showSavedResults(const SavedResults& saved, const QString& select);
    void browseCheckpoint();
    void browseFile(QLineEdit* target, const QString& title);
    void updateControls();
    void onProgress(qint64 done, qint64 total);
    void onFinished(const QByteArray& json, const QString& savedPath);
    void onFailed(const QString& message);
    void showSaved(int index);
    void showResult(const Evaluation& result, const QString& savedPath);
    void openRow(int row);
    // With "Decode as the checkpoint's experiment says", the greyed form shows those settings.
    void showCheckpointDecoding();

    QString m_root;
    EvaluationJob* m_job;
    QComboBox* m_checkpoint;
    QPushButton* m_browse;
    QComboBox* m_split;
    QWidget* m_customFiles;
    QLineEdit* m_srcFile;
    QLineEdit* m_refFile;
    QCheckBox* m_ownDecoding;
    DecodeOptionsForm* m_form;
    QPushButton* m_evaluate;
    QPushButton* m_cancel;
    QPushButton* m_extrapolate;
    QProgressBar* m_progress;
    QLabel* m_state;
    QComboBox* m_saved;
    QLabel* m_summary;
    QTableWidget* m_table;
    QString m_resultCheckpoint;    // the checkpoint of the result on display
    DecodeOptions m_resultDecode;  // the settings the result on display was decoded with
    std::optional<DecodeOptions> m_checkpointDecode;  // the chosen checkpoint's own settings
    qint64 m_startedMs = 0;
    int m_choicesPending = 0;  // checkpoint lists asked for and not yet shown
    bool m_evaluateQueued = false;
    QList<BackgroundThread::Work> m_reads;  // waiting for the reader
    BackgroundThread m_reader{this};
};

}  // namespace tfw
