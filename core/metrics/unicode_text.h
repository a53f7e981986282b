#pragma once
// Text helpers that reproduce Python's str semantics, which the reference metric tools
// rely on: code points (not bytes), str.split() whitespace, and str.lower().

#include <string>
#include <string_view>
#include <vector>

namespace tfw {

// Decodes valid UTF-8 (as read_text_lines guarantees) into code points.
std::u32string utf8_to_u32(std::string_view text);
std::string u32_to_utf8(std::u32string_view text);

// Python's str.isspace() for one code point (includes U+00A0, U+2000..U+200A, U+3000, ...).
bool is_python_space(char32_t c);

// Python's str.split() without arguments: splits on runs of Unicode whitespace and drops
// empty pieces.
std::vector<std::u32string> python_split(std::u32string_view text);
std::vector<std::string> python_split(std::string_view text);

// Python's str.rstrip() without arguments.
std::string python_rstrip(std::string_view text);

// Python's str.lower(): full Unicode lowercasing (one code point may become several,
// final sigma is contextual).
std::string python_lower(std::string_view text);

}  // namespace tfw
