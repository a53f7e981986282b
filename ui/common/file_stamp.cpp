#include "ui/common/file_stamp.h"

#include <QFileInfo>

namespace tfw {

FileStamp FileStamp::of(const QString& path) {
    const QFileInfo info(path);
    if (!info.exists()) return {};
    return {info.lastModified(), info.size()};
}

}  // namespace tfw
