#pragma once
// A Phrase kept in a JSON file (status.json, sweep.json): the English text under `key`, for
// people and other programs, and beside it, under key + "_phrase", its context, pattern and
// values, so that the window can show it in its own language.

#include <string>

#include <nlohmann/json.hpp>

#include "core/config/phrase.h"

namespace tfw {

// Writes j[key] and, unless `phrase` is verbatim text (an error), j[key + "_phrase"].
void put_phrase(nlohmann::json& j, const std::string& key, const Phrase& phrase);

// The Phrase put_phrase wrote; text alone (an error, or a file written before the pattern was
// kept) reads back verbatim, and a missing key as an empty Phrase.
Phrase get_phrase(const nlohmann::json& j, const std::string& key);

}  // namespace tfw
