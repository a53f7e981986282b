#pragma once
// The checkpoints a user can pick from: every .tfw file of every run under the runs folder,
// sweeps' runs included.

#include <QList>
#include <QString>

namespace tfw {

struct CheckpointChoice {
    QString label;  // "multi30k-20261122-033819 · best"
    QString path;   // canonical
};

// Newest run first; inside a run best, last, then periodic ones newest first, then the rest
// (e.g. averaged checkpoints).
QList<CheckpointChoice> checkpointChoices(const QString& runsRoot);

}  // namespace tfw
