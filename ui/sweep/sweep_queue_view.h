#pragma once
// The Queue part of the Ablations tab: one row per run of the sweep (variant, seed, state,
// step of planned, best validation loss, message), updated live while the sweep trains, a
// progress bar for the whole sweep, and the buttons that pause, skip, stop and resume it.

#include <QHash>
#include <QWidget>

#include <optional>

#include "core/sweep/sweep_runner.h"

class QLabel;
class QProgressBar;
class QPushButton;
class QTableWidget;

namespace tfw {

class SweepJob;

class SweepQueueView final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SweepQueueView)

  public:
    enum Column { VariantColumn, SeedColumn, StateColumn, StepColumn, LossColumn, MessageColumn };

    explicit SweepQueueView(SweepJob* job, QWidget* parent = nullptr);

    // The sweep shown (from the job's reports, or a folder that was opened).
    void showState(const SweepState& state);
    // What a run's folder recorded before the sweep was shown (an opened folder).
    struct Recorded {
        int64_t step = 0;
        double bestLoss = -1;  // none yet
    };
    void showRecorded(const std::vector<Recorded>& runs);
    const std::optional<SweepState>& state() const { return m_state; }

    QTableWidget* table() const { return m_table; }
    QProgressBar* progress() const { return m_progress; }
    QPushButton* resumeButton() const { return m_resume; }
    QPushButton* retryButton() const { return m_retry; }

  Q_SIGNALS:
    void openRequested();    // "Open sweep…"
    void resumeRequested();  // train what is pending in the shown sweep
    void retryRequested();   // the same after putting failed and skipped runs back

  private:
    struct Live {
        int64_t step = 0, planned = 0;
        double fraction = 0;  // of the run's budget
        double bestLoss = -1;
    };
    void onStarted(size_t run, const TrainingStarted& info);
    void onStep(size_t run, const StepReport& report);
    void onValidation(size_t run, const ValidationReport& report);
    void setCell(int row, Column column, const QString& text);
    void updateRow(size_t run);
    void updateProgress();
    void updateButtons();
    double budgetFraction(const StepReport& report, const Live& live) const;

    SweepJob* m_job;
    std::optional<SweepState> m_state;
    QHash<size_t, Live> m_live;  // runs that reported since the sweep was shown
    QTableWidget* m_table;
    QProgressBar* m_progress;
    QLabel* m_summary;
    QPushButton* m_pause;
    QPushButton* m_skip;
    QPushButton* m_stop;
    QPushButton* m_resume;
    QPushButton* m_retry;
    QPushButton* m_open;
};

}  // namespace tfw
