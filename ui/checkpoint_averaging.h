#pragma once
// Averages a run's last periodic checkpoints on a worker thread, then measures the
// validation loss of the averaged checkpoint and of the run's best single one, so the
// two can be shown side by side. Progress is reported and the job can be cancelled.

#include <QList>
#include <QObject>
#include <QString>

#include <atomic>
#include <memory>

class QThread;

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
    explicit AveragingJob(QObject* parent = nullptr);
    // Cancels a job still running and waits for its thread.
    ~AveragingJob() override;

    // Averages the last `count` periodic checkpoints of runDir into outputPath.
    void start(const QString& runDir, int count, const QString& outputPath);
    void cancel();
    bool isRunning() const { return m_thread != nullptr; }

  Q_SIGNALS:
    void progress(int percent, const QString& what);
    void finished(const tfw::AveragingResult& result);
    void failed(const QString& message);
    void cancelled();

  private:
    std::shared_ptr<std::atomic<bool>> m_cancel;
    QThread* m_thread = nullptr;
};

}  // namespace tfw
