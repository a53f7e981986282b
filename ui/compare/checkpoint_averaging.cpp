#include "ui/compare/checkpoint_averaging.h"

#include <QFileInfo>

#include <exception>

#include "core/util/error_text.h"

namespace tfw {
namespace {

QString describe(AveragingStage stage, size_t done, size_t total, const QString& bestPath) {
    switch (stage) {
        case AveragingStage::ReadingCheckpoints:
            return done == 0 ? QObject::tr("Reading checkpoints…")
                             : QObject::tr("Read %1 of %2 checkpoints").arg(done).arg(total);
        case AveragingStage::ReadingValidationSet:
            return QObject::tr("Reading the validation set…");
        case AveragingStage::MeasuringAverage:
            return QObject::tr("Validation loss of the averaged checkpoint…");
        case AveragingStage::MeasuringBest:
            return QObject::tr("Validation loss of %1…").arg(QFileInfo(bestPath).fileName());
    }
    return QString();
}

}  // namespace

void AveragingJob::start(const QString& runDir, int count, const QString& outputPath) {
    m_thread.start([this, runDir, count,
                    outputPath](const std::atomic<bool>& cancelled) -> BackgroundThread::Done {
        try {
            const std::string run = runDir.toStdString();
            const QString best = QString::fromStdString(preferred_checkpoint(run));
            const auto result = average_and_measure(
                run, count, outputPath.toStdString(),
                [&](int percent, AveragingStage stage, size_t done, size_t total) {
                    Q_EMIT progress(percent, describe(stage, done, total, best));
                    return !cancelled.load();
                });
            if (!result || cancelled) return [this] { Q_EMIT this->cancelled(); };
            return [this, measured = *result] { Q_EMIT finished(measured); };
        } catch (const std::exception& e) {
            const QString error = QString::fromStdString(user_error_text(e));
            return [this, error] { Q_EMIT failed(error); };
        }
    });
}

}  // namespace tfw
