#include "core/io/torch_archive_check.h"

#include <cstdint>

namespace tfw {

namespace {

uint64_t read_le(const std::string& bytes, uint64_t at, int width) {
    uint64_t value = 0;
    for (int i = 0; i < width; ++i)
        value |= uint64_t(static_cast<unsigned char>(bytes[at + i])) << (8 * i);
    return value;
}

bool has_signature(const std::string& bytes, uint64_t at, uint32_t signature) {
    return at + 4 <= bytes.size() && read_le(bytes, at, 4) == signature;
}

constexpr uint32_t kEndOfDirectory = 0x06054b50, kZip64Locator = 0x07064b50,
                   kZip64EndOfDirectory = 0x06064b50, kDirectoryEntry = 0x02014b50;
constexpr uint64_t kEndOfDirectorySize = 22, kZip64LocatorSize = 20, kEntrySize = 46;

}  // namespace

std::string torch_archive_problem(const std::string& archive) {
    const uint64_t size = archive.size();
    if (size < kEndOfDirectorySize) return "not a zip archive (too short)";
    // The end-of-directory record is the last one in the file, as the zip reader finds it.
    uint64_t end = size - kEndOfDirectorySize + 1;
    do {
        --end;
    } while (end > 0 && !has_signature(archive, end, kEndOfDirectory) &&
             size - end < kEndOfDirectorySize + 65535);
    if (!has_signature(archive, end, kEndOfDirectory))
        return "not a zip archive (no end of central directory)";
    uint64_t entries = read_le(archive, end + 10, 2);
    uint64_t directory = read_le(archive, end + 16, 4);
    if (end >= kZip64LocatorSize &&
        has_signature(archive, end - kZip64LocatorSize, kZip64Locator)) {
        const uint64_t zip64_end = read_le(archive, end - kZip64LocatorSize + 8, 8);
        if (size < 56 || zip64_end > size - 56 ||
            !has_signature(archive, zip64_end, kZip64EndOfDirectory))
            return "damaged zip64 end of central directory";
        entries = read_le(archive, zip64_end + 32, 8);
        directory = read_le(archive, zip64_end + 48, 8);
    }
    uint64_t at = directory;
    for (uint64_t i = 0; i < entries; ++i) {
        if (size < kEntrySize || at > size - kEntrySize ||
            !has_signature(archive, at, kDirectoryEntry))
            return "damaged central directory";
        const uint64_t name_length = read_le(archive, at + 28, 2);
        const uint64_t extra_length = read_le(archive, at + 30, 2);
        const uint64_t comment_length = read_le(archive, at + 32, 2);
        const uint64_t next = at + kEntrySize + name_length + extra_length + comment_length;
        if (next > size) return "damaged central directory";
        const std::string name = archive.substr(at + kEntrySize, name_length);
        uint64_t claimed = read_le(archive, at + 24, 4);
        if (claimed == 0xffffffff) {  // the real size is in the zip64 extra field (id 1)
            claimed = UINT64_MAX;
            uint64_t extra = at + kEntrySize + name_length;
            const uint64_t extra_end = extra + extra_length;
            while (extra + 4 <= extra_end) {
                const uint64_t id = read_le(archive, extra, 2),
                               length = read_le(archive, extra + 2, 2);
                if (id == 1 && length >= 8 && extra + 12 <= extra_end) {
                    claimed = read_le(archive, extra + 4, 8);
                    break;
                }
                extra += 4 + length;
            }
        }
        if (claimed > size)
            return "record " + name + " claims " +
                   (claimed == UINT64_MAX ? std::string("an unknown size")
                                          : std::to_string(claimed) + " bytes") +
                   " in an archive of " + std::to_string(size);
        at = next;
    }
    return {};
}

}  // namespace tfw
