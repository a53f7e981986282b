#pragma once
// One spelling per file or folder, so that paths from the runs list, dialogs and the command
// line compare equal.

#include <QString>

namespace tfw {

// The canonical path (links resolved) of an existing file or folder; otherwise the cleaned path.
QString canonicalPath(const QString& path);

}  // namespace tfw
