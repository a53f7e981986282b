#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace tfw {

// Reads a UTF-8 text file, plain or gzip-compressed (detected by content, not name), into
// its lines without the line end (LF or CRLF) or a leading UTF-8 byte order mark. Throws
// DataError naming the file (and line) when it is missing, unreadable, or holds invalid UTF-8.
std::vector<std::string> read_text_lines(const std::string& path);

// Called with each line (1-based number) and the share of the file read so far (0..1, of the
// compressed bytes for gzip); returning false stops the reading.
using TextLineVisitor =
    std::function<bool(std::string&& line, int64_t number, double fraction_read)>;

// The same reading one line at a time, for files too large to hold. Throws like
// read_text_lines for the lines it reaches; returns false when the visitor stopped it.
bool for_each_text_line(const std::string& path, const TextLineVisitor& visit);

bool is_valid_utf8(std::string_view text);

}  // namespace tfw
