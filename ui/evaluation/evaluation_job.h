#pragma once
// Evaluates a checkpoint on a test set on a thread of its own (core's evaluate()), reports
// progress, can be cancelled, and keeps the result in the checkpoint's run folder.

#include <QByteArray>
#include <QObject>
#include <QString>

#include <atomic>
#include <optional>

#include "core/decode/decode_options.h"
#include "ui/common/background_thread.h"

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
    // Destroying it cancels a job in progress and waits for it.
    explicit EvaluationJob(QObject* parent = nullptr) : QObject(parent), m_thread(this) {}

    bool isRunning() const { return m_thread.isRunning(); }
    // Ignored while a job runs.
    void start(const EvaluationRequest& request);
    void cancel() { m_thread.cancel(); }

  Q_SIGNALS:
    void progress(qint64 done, qint64 total);
    // The job has ended (isRunning() is false again) with the evaluation as JSON (core's
    // to_json) and where it was saved ("" outside a run) ...
    void finished(const QByteArray& json, const QString& savedPath);
    // ... or with a problem, or cancelled.
    void failed(const QString& message);
    void cancelled();

  private:
    BackgroundThread::Done run(const EvaluationRequest& request,
                               const std::atomic<bool>& cancelled);

    BackgroundThread m_thread;
};

}  // namespace tfw
