#pragma once
// core's average_and_measure on a worker thread: progress in the window's words, Cancel.

#include <QObject>
#include <QString>

#include "core/compare/checkpoint_averaging.h"
#include "core/io/run_management.h"
#include "ui/common/background_thread.h"

namespace tfw {

class AveragingJob final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AveragingJob)

  public:
    // Destroying it cancels a job still running and waits for it.
    explicit AveragingJob(QObject* parent = nullptr) : QObject(parent), m_thread(this) {}

    // Averages the last `count` periodic checkpoints of runDir into outputPath.
    void start(const QString& runDir, int count, const QString& outputPath);
    void cancel() { m_thread.cancel(); }
    bool isRunning() const { return m_thread.isRunning(); }

  Q_SIGNALS:
    void progress(int percent, const QString& what);
    // The job has ended (isRunning() is false again) with a result, a problem or a cancel.
    void finished(const tfw::AveragingMeasurement& result);
    void failed(const QString& message);
    void cancelled();

  private:
    BackgroundThread m_thread;
};

}  // namespace tfw
