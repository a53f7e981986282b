#pragma once
// What tells one version of a file from the next: its modification time and size. A view that
// loaded a checkpoint keeps its stamp and loads it again when the file on disk has another
// (a resumed run writes best.tfw and last.tfw anew under the same names).

#include <QDateTime>
#include <QString>

namespace tfw {

struct FileStamp {
    QDateTime modified;  // invalid when the file does not exist
    qint64 size = -1;

    // The stamp of the file as it is now (a cheap stat, fine on the window's thread).
    static FileStamp of(const QString& path);
    bool operator==(const FileStamp& other) const {
        return modified == other.modified && size == other.size;
    }
    bool operator!=(const FileStamp& other) const { return !(*this == other); }
};

}  // namespace tfw
