#pragma once
// The Runs area: every run under the runs folder in a table (status, task, model size,
// best validation loss), the curves of the selected run, and resume / rename / delete /
// open in the Inference tab. Several runs can be selected and sent to the Compare tab; a run
// with periodic checkpoints can have them averaged.

#include <QWidget>

class QLabel;
class QPushButton;
class QTableWidget;

namespace tfw {

class RunCharts;

class RunsPane final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RunsPane)

  public:
    explicit RunsPane(QWidget* parent = nullptr);

    void setRunsRoot(const QString& root);
    // The run being trained right now: it can be watched but not resumed, renamed or deleted.
    void setActiveRun(const QString& runDir);
    void refresh();
    // Selects the run (when it is in the table) and shows its curves, wherever it lives.
    void showRun(const QString& runDir);

    int runCount() const;
    // The folders of the selected rows, in table order.
    QStringList selectedRuns() const;
    RunCharts* charts() const { return m_charts; }

  Q_SIGNALS:
    void resumeRequested(const QString& runDir);
    // The run's best checkpoint (or its last when there is no best) should be tried out.
    void inferenceRequested(const QString& checkpoint);
    void compareRequested(const QStringList& runDirs);
    void averageRequested(const QString& runDir);
    void statusMessage(const QString& message);

  private:
    void onSelectionChanged();
    void loadRun(const QString& dir);
    void renameSelected();
    void deleteSelected();
    void updateButtons();
    QString inferenceCheckpoint() const;

    QString m_root;
    QString m_active;
    QString m_selected;
    QTableWidget* m_table;
    QLabel* m_details;
    RunCharts* m_charts;
    QPushButton* m_resume;
    QPushButton* m_rename;
    QPushButton* m_delete;
    QPushButton* m_openFolder;
    QPushButton* m_inference;
    QPushButton* m_compare;
    QPushButton* m_average;
};

}  // namespace tfw
