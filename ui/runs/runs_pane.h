#pragma once
// The Runs area: every run under the runs folder (and in its sweeps) in a table (status, task,
// model size, best validation loss), the curves of the selected run, and resume / rename / delete /
// open in the Inference tab. Several runs can be selected and sent to the Compare tab or have
// their scalars exported as CSV/JSON; a run
// with periodic checkpoints can have them averaged. The runs folder and the selected run are
// read on a background thread; the table and the curves follow when the reading is done.

#include <QWidget>

#include "core/io/run_directory.h"
#include "ui/common/background_thread.h"

class QLabel;
class QPushButton;
class QTableWidget;

namespace tfw {

class AttentionTimeline;
class RunCharts;

class RunsPane final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RunsPane)

  public:
    explicit RunsPane(QWidget* parent = nullptr);

    void setRunsRoot(const QString& root);
    // The run being trained right now: it can be watched but not resumed, renamed or deleted.
    void setActiveRun(const QString& runDir);
    // Reads the runs folder again (and the selected run).
    void refresh();
    // Selects the run (when it is in the table) and shows its curves, wherever it lives.
    void showRun(const QString& runDir);

    // True while the runs folder or the selected run is being read.
    bool isReading() const { return m_listReader.isRunning() || m_runReader.isRunning(); }
    int runCount() const;
    // The folders of the selected rows, in table order.
    QStringList selectedRuns() const;
    // The run started last of those listed; empty when there is none.
    QString newestRun() const;
    RunCharts* charts() const { return m_charts; }
    AttentionTimeline* attentionTimeline() const { return m_timeline; }

  Q_SIGNALS:
    void resumeRequested(const QString& runDir);
    // The run's best checkpoint (or its last when there is no best) should be tried out.
    void inferenceRequested(const QString& checkpoint);
    void compareRequested(const QStringList& runDirs);
    void averageRequested(const QString& runDir);
    // The run's tokenizer should be shown in the Tokenization inspector.
    void tokensRequested(const QString& runDir);
    void statusMessage(const QString& message);

  protected:
    // Runs trained, resumed or finished since the last reading show as they are now.
    void showEvent(QShowEvent* event) override;

  private:
    // What the table shows, read off the window's thread.
    struct RunsListing {
        std::vector<RunSummary> runs;
        QString error;
    };
    // What the details, the curves and the buttons need of the selected run.
    struct RunDetails {
        QString dir;
        bool exists = false;
        RunStatus status;
        RunHistory history;
        QString lockHolder;  // another process training it; empty when none
        bool hasLastCheckpoint = false;
        size_t periodicCheckpoints = 0;
        QString inferenceCheckpoint;  // best, else last; empty when none
    };

    void readRuns();
    void showRuns(const RunsListing& listing);
    void readSelectedRun();
    void showRunDetails(const RunDetails& details);
    bool selectRowOf(const QString& dir);
    void onSelectionChanged();
    void loadRun(const QString& dir);
    void renameSelected();
    void deleteSelected();
    void updateButtons();

    QString m_root;
    QString m_active;
    QString m_selected;
    RunDetails m_selectedDetails;  // read for m_selected, or for an earlier one
    QTableWidget* m_table;
    QLabel* m_details;
    RunCharts* m_charts;
    AttentionTimeline* m_timeline;
    QPushButton* m_resume;
    QPushButton* m_rename;
    QPushButton* m_delete;
    QPushButton* m_openFolder;
    QPushButton* m_inference;
    QPushButton* m_tokens;
    QPushButton* m_compare;
    QPushButton* m_average;
    QPushButton* m_exportScalars;
    // Asked to read again while a reading was under way.
    bool m_listStale = false;
    bool m_runStale = false;
    BackgroundThread m_listReader{this};
    BackgroundThread m_runReader{this};
};

}  // namespace tfw
