#pragma once
// Evaluates a checkpoint on a test set on a thread of its own (core's evaluate()), reports
// progress, can be cancelled, and keeps the result in the checkpoint's run folder.

#include <QByteArray>
#include <QObject>
#include <QString>

#include <atomic>
#include <memory>
#include <optional>

#include "core/decode/decode_options.h"

class QThread;

namespace tfw {

struct EvaluationRequest {
    QString checkpoint;
    QString split = QStringLiteral("test");  // "valid", "test" or "custom"
    QString srcFile, refFile;                // for "custom" (lm: only srcFile)
    std::optional<DecodeOptions> options;    // unset: the checkpoint's own decode settings
};

class EvaluationJob final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(EvaluationJob)

  public:
    explicit EvaluationJob(QObject* parent = nullptr);
    // Cancels a job in progress and waits for its thread.
    ~EvaluationJob() override;

    bool isRunning() const { return m_thread != nullptr; }
    // Ignored while a job runs.
    void start(const EvaluationRequest& request);
    void cancel();

  Q_SIGNALS:
    void progress(qint64 done, qint64 total);
    // The evaluation as JSON (core's to_json) and where it was saved ("" outside a run).
    void finished(const QByteArray& json, const QString& savedPath);
    void failed(const QString& message);
    void cancelled();
    // The thread has ended (after finished, failed or cancelled): a new job can start.
    void idle();

  private:
    void run(const EvaluationRequest& request);
    void onThreadFinished();

    QThread* m_thread = nullptr;
    std::shared_ptr<std::atomic<bool>> m_cancel;
};

}  // namespace tfw
