#include "ui/common/checkpoint_choices.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

#include <algorithm>

#include "core/io/run_directory.h"
#include "ui/common/run_listing.h"

namespace tfw {
namespace {

// best < last < step-200 < step-100 (newest first) < anything else (by name).
std::pair<int, qint64> rank(const QString& stem) {
    if (stem == QLatin1String("best")) return {0, 0};
    if (stem == QLatin1String("last")) return {1, 0};
    static const QRegularExpression periodic(QStringLiteral("^step-(\\d+)$"));
    const auto match = periodic.match(stem);
    if (match.hasMatch()) return {2, -match.captured(1).toLongLong()};
    return {3, 0};
}

}  // namespace

QList<CheckpointChoice> checkpointChoices(const QString& runsRoot) {
    QList<CheckpointChoice> choices;
    if (runsRoot.isEmpty()) return choices;
    for (const RunSummary& run : listRunsAndSweepRuns(runsRoot)) {
        QDir folder(QString::fromStdString(RunPaths(run.dir).checkpoints()));
        QFileInfoList files = folder.entryInfoList({QStringLiteral("*.tfw")}, QDir::Files);
        std::stable_sort(files.begin(), files.end(), [](const QFileInfo& a, const QFileInfo& b) {
            const auto ra = rank(a.completeBaseName()), rb = rank(b.completeBaseName());
            return ra != rb ? ra < rb : a.fileName() < b.fileName();
        });
        for (const QFileInfo& file : files)
            choices.append(
                {QString::fromStdString(run.name) + QStringLiteral(" · ") + file.completeBaseName(),
                 file.absoluteFilePath()});
    }
    return choices;
}

}  // namespace tfw
