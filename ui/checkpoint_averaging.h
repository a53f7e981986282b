#pragma once
// Averages a run's last periodic checkpoints on a worker thread, then measures the
// validation loss of the averaged checkpoint and of the run's best single one, so the
// two can be shown side by side. Progress is reported and the job can be cancelled.

#include <QList>
#include <QObject>
#include <QString>

#include "ui/background_thread.h"

namespace tfw {

struct AveragingResult {
    QString averagedPath, bestPath;
    QList<qint64> steps;  // of the averaged checkpoints
    qint64 bestStep = 0;
    double averagedLoss = 0, averagedPerplexity = 0;
    double bestLoss = 0, bestPerplexity = 0;
};

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
    void finished(const tfw::AveragingResult& result);
    void failed(const QString& message);
    void cancelled();

  private:
    BackgroundThread m_thread;
};

}  // namespace tfw
