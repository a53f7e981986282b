#include "ui/sweep/sweep_job.h"

#include <exception>

#include "core/util/error_text.h"

namespace tfw {
namespace {

// Turns run_sweep's callbacks (on training threads) into the job's signals, emitted on the
// job's thread: each report is copied into a queued call.
class QueuedObserver final : public SweepObserver {
  public:
    explicit QueuedObserver(SweepJob* job) : m_job(job) {}

    void on_queue(const SweepState& state) override {
        post([job = m_job, state] { Q_EMIT job->queueChanged(state); });
    }
    void on_run_started(size_t run, const TrainingStarted& info) override {
        post([job = m_job, run, info] { Q_EMIT job->runStarted(run, info); });
    }
    void on_run_step(size_t run, const StepReport& report) override {
        post([job = m_job, run, report] { Q_EMIT job->runStep(run, report); });
    }
    void on_run_validation(size_t run, const ValidationReport& report) override {
        post([job = m_job, run, report] { Q_EMIT job->runValidation(run, report); });
    }
    void on_run_log(size_t run, LogLevel level, const std::string& message) override {
        post([job = m_job, run, level, text = QString::fromStdString(message)] {
            Q_EMIT job->runLog(run, level, text);
        });
    }
    void on_run_evaluating(size_t run, size_t done, size_t total) override {
        post([job = m_job, run, done, total] { Q_EMIT job->runEvaluating(run, done, total); });
    }

  private:
    template <typename Call>
    void post(Call call) {
        QMetaObject::invokeMethod(m_job, std::move(call), Qt::QueuedConnection);
    }

    SweepJob* m_job;
};

}  // namespace

SweepJob::SweepJob(QObject* parent) : QObject(parent) {}

SweepJob::~SweepJob() {
    if (m_control) {
        m_control->stop = true;
        m_control->pause = false;
    }
}

bool SweepJob::startNew(const SweepSpec& spec, const QString& dir) {
    const std::string path = dir.toStdString();
    return launch(dir, [spec, path] { create_sweep(spec, path); });
}

bool SweepJob::resume(const QString& dir, bool retry) {
    if (!retry) return launch(dir, {});
    return launch(dir, [path = dir.toStdString()] { requeue_sweep_runs(path); });
}

bool SweepJob::launch(const QString& dir, std::function<void()> prepare) {
    if (isRunning()) return false;
    auto control = std::make_shared<SweepControl>();
    const bool started = m_thread.start(
        [this, control, prepare, path = dir.toStdString()](const std::atomic<bool>&) {
            SweepOutcome outcome;
            QString error;
            // Anything thrown (a folder that is not empty, c10::Error, bad_alloc) ends the
            // sweep with a message, so that the window always hears that it is over.
            try {
                if (prepare) prepare();
                QueuedObserver observer(this);
                outcome = run_sweep(path, observer, *control);
            } catch (const std::exception& e) {
                error = QString::fromStdString(user_error_text(e));
            } catch (...) {
                error = tr("unknown error");
            }
            return [this, outcome, error] {
                if (m_paused) {
                    m_paused = false;
                    Q_EMIT pausedChanged(false);
                }
                Q_EMIT finished(outcome, error);
                Q_EMIT runningChanged(false);
            };
        });
    if (!started) return false;
    m_control = control;
    m_dir = dir;
    m_paused = false;
    Q_EMIT runningChanged(true);
    return true;
}

void SweepJob::setPaused(bool paused) {
    if (!isRunning() || paused == m_paused) return;
    m_paused = paused;
    m_control->pause = paused;
    Q_EMIT pausedChanged(paused);
}

void SweepJob::skip(size_t run) {
    if (isRunning()) m_control->skip(run);
}

void SweepJob::stop() {
    if (!isRunning()) return;
    m_control->stop = true;
    // A paused run must wake up to notice the stop.
    m_control->pause = false;
}

}  // namespace tfw
