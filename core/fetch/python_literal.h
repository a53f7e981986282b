#pragma once
// Reads a Python literal as ast.literal_eval does, for the kinds the corpora use: dicts with
// string keys, lists, and strings in single or double quotes with Python's escapes (adjacent
// strings are joined). Anything else (numbers, prefixes, triple quotes) is refused.

#include <string>

#include <nlohmann/json.hpp>

namespace tfw {

// Throws std::runtime_error saying where the text stops being such a literal.
nlohmann::json parse_python_literal(const std::string& text);

}  // namespace tfw
