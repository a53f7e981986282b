#pragma once
// Text written the way the Python that made the shared corpora wrote it: its whitespace
// collapsing and its json.dumps, so that a conversion gives the same bytes.

#include <string>
#include <vector>

namespace tfw {

// " ".join(text.split()) on UTF-8: every run of what Python's str.isspace() calls whitespace
// (ASCII space and \t\n\v\f\r, \x1c-\x1f, U+0085, U+00A0, U+1680, U+2000-U+200A, U+2028,
// U+2029, U+202F, U+205F, U+3000) becomes one space, and none is left at either end.
std::string collapse_whitespace(const std::string& text);

// json.dumps(texts, ensure_ascii=False): ["a", "b"] with ", " between the strings, non-ASCII
// kept as UTF-8, only '"', '\' and control characters escaped.
std::string python_json_list(const std::vector<std::string>& texts);

}  // namespace tfw
