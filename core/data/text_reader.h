#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace tfw {

// Reads a UTF-8 text file, plain or gzip-compressed (detected by content, not name), into
// its lines without the line end (LF or CRLF). Throws DataError naming the file (and line)
// when it is missing, unreadable, or holds invalid UTF-8.
std::vector<std::string> read_text_lines(const std::string& path);

bool is_valid_utf8(std::string_view text);

}  // namespace tfw
