#pragma once
#include <string>
#include <string_view>

namespace tfw {

// Lowercases UTF-8 text: ASCII, Latin-1, Latin Extended-A, Greek and Cyrillic capitals
// (enough for the European corpora the workbench targets); other characters pass through.
std::string to_lower_utf8(std::string_view text);

}  // namespace tfw
