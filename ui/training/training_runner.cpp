#include "ui/training/training_runner.h"

#include "ui/training/training_worker.h"

namespace tfw {

TrainingRunner::TrainingRunner(QObject* parent)
    : QObject(parent), m_worker(new TrainingWorker(m_control)) {
    registerTrainingTypes();
    m_thread.setObjectName(QStringLiteral("training"));
    m_worker->moveToThread(&m_thread);

    // The worker emits on the training thread; queued connections deliver on ours.
    connect(m_worker, &TrainingWorker::started, this, &TrainingRunner::started,
            Qt::QueuedConnection);
    connect(m_worker, &TrainingWorker::step, this, &TrainingRunner::step, Qt::QueuedConnection);
    connect(m_worker, &TrainingWorker::validation, this, &TrainingRunner::validation,
            Qt::QueuedConnection);
    connect(m_worker, &TrainingWorker::samples, this, &TrainingRunner::samples,
            Qt::QueuedConnection);
    connect(m_worker, &TrainingWorker::attentionSnapshot, this, &TrainingRunner::attentionSnapshot,
            Qt::QueuedConnection);
    connect(m_worker, &TrainingWorker::checks, this, &TrainingRunner::checks, Qt::QueuedConnection);
    connect(m_worker, &TrainingWorker::logMessage, this, &TrainingRunner::logMessage,
            Qt::QueuedConnection);
    connect(m_worker, &TrainingWorker::finished, this, &TrainingRunner::onFinished,
            Qt::QueuedConnection);
    m_thread.start();
}

TrainingRunner::~TrainingRunner() {
    m_control.stop = true;
    m_control.pause = false;
    m_thread.quit();
    m_thread.wait();
    delete m_worker;  // its thread has ended, so deleting it from here is safe
}

void TrainingRunner::startNew(const ExperimentConfig& config, const QString& runDir,
                              int processes) {
    if (m_running) return;
    beginRun(runDir);
    TrainingWorker* worker = m_worker;
    QMetaObject::invokeMethod(
        m_worker,
        [worker, config, runDir, processes] { worker->trainNew(config, runDir, processes); },
        Qt::QueuedConnection);
}

void TrainingRunner::resume(const QString& runDir) {
    if (m_running) return;
    beginRun(runDir);
    TrainingWorker* worker = m_worker;
    QMetaObject::invokeMethod(
        m_worker, [worker, runDir] { worker->trainResume(runDir); }, Qt::QueuedConnection);
}

void TrainingRunner::setPaused(bool paused) {
    if (!m_running || paused == m_paused) return;
    m_paused = paused;
    m_control.pause = paused;
    Q_EMIT pausedChanged(paused);
}

void TrainingRunner::stop() {
    if (!m_running) return;
    m_control.stop = true;
    // A paused trainer must wake up to notice the stop.
    m_control.pause = false;
}

void TrainingRunner::beginRun(const QString& runDir) {
    m_control.stop = false;
    m_control.pause = false;
    m_runDir = runDir;
    m_running = true;
    m_paused = false;
    Q_EMIT runningChanged(true);
}

void TrainingRunner::onFinished(const TrainingFinished& result) {
    m_running = false;
    if (m_paused) {
        m_paused = false;
        Q_EMIT pausedChanged(false);
    }
    Q_EMIT finished(result);
    Q_EMIT runningChanged(false);
}

}  // namespace tfw
