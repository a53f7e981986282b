#include "ui/common/canonical_path.h"

#include <QDir>
#include <QFileInfo>

namespace tfw {

QString canonicalPath(const QString& path) {
    const QString canonical = QFileInfo(path).canonicalFilePath();
    return canonical.isEmpty() ? QDir::cleanPath(path) : canonical;
}

}  // namespace tfw
