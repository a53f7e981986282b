#include "ui/inference/inference_runner.h"

#include "ui/inference/inference_worker.h"

namespace tfw {

InferenceRunner::InferenceRunner(QObject* parent)
    : QObject(parent), m_worker(new InferenceWorker(m_cancel)) {
    registerInferenceTypes();
    m_thread.setObjectName(QStringLiteral("inference"));
    m_worker->moveToThread(&m_thread);

    // The worker emits on the inference thread; queued connections deliver on ours.
    connect(m_worker, &InferenceWorker::loaded, this, &InferenceRunner::loaded,
            Qt::QueuedConnection);
    connect(m_worker, &InferenceWorker::loadFailed, this, &InferenceRunner::loadFailed,
            Qt::QueuedConnection);
    connect(m_worker, &InferenceWorker::progress, this, &InferenceRunner::progress,
            Qt::QueuedConnection);
    connect(m_worker, &InferenceWorker::decoded, this, &InferenceRunner::decoded,
            Qt::QueuedConnection);
    connect(m_worker, &InferenceWorker::decodeFailed, this, &InferenceRunner::decodeFailed,
            Qt::QueuedConnection);
    m_thread.start();
}

InferenceRunner::~InferenceRunner() {
    m_cancel = true;
    m_thread.quit();
    m_thread.wait();
    delete m_worker;  // its thread has ended, so deleting it from here is safe
}

void InferenceRunner::load(const QString& path) {
    InferenceWorker* worker = m_worker;
    QMetaObject::invokeMethod(
        m_worker, [worker, path] { worker->load(path); }, Qt::QueuedConnection);
}

void InferenceRunner::decode(const InferenceRequest& request) {
    m_cancel = false;
    InferenceWorker* worker = m_worker;
    QMetaObject::invokeMethod(
        m_worker, [worker, request] { worker->decode(request); }, Qt::QueuedConnection);
}

void InferenceRunner::cancel() {
    m_cancel = true;
}

}  // namespace tfw
