#pragma once
// Owns the inference thread and the InferenceWorker on it (the loaded model): loads
// checkpoints and decodes by queued requests, relays the worker's answers to the window and
// cancels a decoding in progress through the worker's atomic flag.

#include <QObject>
#include <QString>
#include <QThread>
#include <atomic>

#include "ui/inference/inference_types.h"

namespace tfw {

class InferenceWorker;

class InferenceRunner final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(InferenceRunner)

  public:
    explicit InferenceRunner(QObject* parent = nullptr);
    // Cancels a decoding in progress and waits for the inference thread.
    ~InferenceRunner() override;

    // Requests run one after another on the inference thread, in the order given.
    void load(const QString& path);
    // Clears an earlier cancel first, so that a cancel right after this request is not lost.
    void decode(const tfw::InferenceRequest& request);
    // Stops the decoding in progress; its output so far arrives as decoded().
    void cancel();

  Q_SIGNALS:
    void loaded(const tfw::CheckpointInfo& info);
    void loadFailed(const QString& path, const QString& message);
    void progress(int step, int maxSteps);
    void decoded(const tfw::InferenceResult& result);
    void decodeFailed(const QString& message);

  private:
    std::atomic<bool> m_cancel{false};
    QThread m_thread;
    InferenceWorker* m_worker;  // lives on m_thread; deleted after the thread ends
};

}  // namespace tfw
