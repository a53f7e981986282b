#include "ui/common/background_thread.h"

#include <QProgressBar>
#include <QThread>

namespace tfw {

BackgroundThread::~BackgroundThread() {
    if (!m_thread) return;
    m_cancel->store(true);
    m_thread->wait();
    delete m_thread;  // its outcome, still queued for the owner, goes with the owner
}

bool BackgroundThread::start(Work work) {
    if (m_thread) return false;
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    m_thread = QThread::create([this, work = std::move(work), cancel = m_cancel] {
        const Done done = work(*cancel);
        QMetaObject::invokeMethod(
            m_owner,
            [this, done] {
                m_thread->wait();
                delete m_thread;
                m_thread = nullptr;
                if (done) done();
            },
            Qt::QueuedConnection);
    });
    m_thread->start();
    return true;
}

void BackgroundThread::cancel() {
    if (m_cancel) m_cancel->store(true);
}

std::function<bool(size_t, size_t)> progressOn(QProgressBar* bar,
                                               const std::atomic<bool>& cancelled) {
    return [bar, &cancelled](size_t done, size_t total) {
        QMetaObject::invokeMethod(
            bar,
            [bar, done, total] {
                bar->setRange(0, int(total));
                bar->setValue(int(done));
            },
            Qt::QueuedConnection);
        return !cancelled.load();
    };
}

}  // namespace tfw
