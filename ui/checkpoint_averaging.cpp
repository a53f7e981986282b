#include "ui/checkpoint_averaging.h"

#include <QDir>
#include <QFileInfo>

#include <vector>

#include "core/compare/validation_loss.h"
#include "core/io/checkpoint_average.h"
#include "core/io/model_io.h"
#include "core/io/run_directory.h"

namespace tfw {
namespace {

QString qs(const std::string& text) {
    return QString::fromStdString(text);
}

// The work itself, on the worker thread. Reports through `report`; returns false when
// cancelled.
bool average_and_measure(const QString& runDir, int count, const QString& outputPath,
                         const std::atomic<bool>& cancel, AveragingResult& result,
                         const std::function<void(int, QString)>& report) {
    const std::string dir = runDir.toStdString();
    const auto periodic = periodic_checkpoints(dir);
    if (count < 1 || static_cast<size_t>(count) > periodic.size())
        throw std::runtime_error(QObject::tr("the run has %1 periodic checkpoints, not %2")
                                     .arg(periodic.size())
                                     .arg(count)
                                     .toStdString());
    std::vector<std::string> paths;
    for (auto it = periodic.end() - count; it != periodic.end(); ++it) {
        paths.push_back(it->path);
        result.steps.push_back(it->step);
    }
    report(0, QObject::tr("Reading checkpoints…"));
    const auto averaged = average_checkpoints(paths, [&](size_t done, size_t total) {
        report(int(60 * done / total),
               QObject::tr("Read %1 of %2 checkpoints").arg(done).arg(total));
        return !cancel;
    });
    if (!averaged || cancel) return false;
    save_checkpoint(*averaged, outputPath.toStdString());
    result.averagedPath = outputPath;

    const RunPaths run(dir);
    result.bestPath = qs(QFileInfo::exists(qs(run.best_checkpoint())) ? run.best_checkpoint()
                                                                      : run.last_checkpoint());
    report(65, QObject::tr("Reading the validation set…"));
    const RawSplit valid = validation_split(averaged->config);
    if (cancel) return false;
    report(70, QObject::tr("Validation loss of the averaged checkpoint…"));
    LoadedModel model = load_model(outputPath.toStdString());
    const ReferenceLoss averagedLoss = validation_loss(model, valid);
    result.averagedLoss = averagedLoss.loss();
    result.averagedPerplexity = averagedLoss.perplexity();
    if (cancel) return false;
    report(85, QObject::tr("Validation loss of %1…").arg(QFileInfo(result.bestPath).fileName()));
    model = load_model(result.bestPath.toStdString());
    result.bestStep = model.checkpoint.position.step;
    const ReferenceLoss bestLoss = validation_loss(model, valid);
    result.bestLoss = bestLoss.loss();
    result.bestPerplexity = bestLoss.perplexity();
    report(100, QObject::tr("Done"));
    return !cancel;
}

}  // namespace

void AveragingJob::start(const QString& runDir, int count, const QString& outputPath) {
    m_thread.start([this, runDir, count,
                    outputPath](const std::atomic<bool>& cancelled) -> BackgroundThread::Done {
        auto report = [this](int percent, QString what) { Q_EMIT progress(percent, what); };
        AveragingResult result;
        try {
            if (!average_and_measure(runDir, count, outputPath, cancelled, result, report))
                return [this] { Q_EMIT this->cancelled(); };
        } catch (const std::exception& e) {
            const QString error = qs(e.what());
            return [this, error] { Q_EMIT failed(error); };
        }
        return [this, result] { Q_EMIT finished(result); };
    });
}

}  // namespace tfw
