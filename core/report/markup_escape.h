#pragma once

#include <string>

namespace tfw {

// Text as HTML or XML character data or attribute value: & < > " ' escaped, and what XML does
// not allow (control characters other than tab and line breaks, invalid UTF-8, U+FFFE and
// U+FFFF) replaced, so that the same
// text is safe in the HTML page and in an SVG figure.
std::string escape_markup(const std::string& text);

}  // namespace tfw
