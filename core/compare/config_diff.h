#pragma once
// Which configuration keys differ between several experiments.

#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/compare/comparison_table.h"

namespace tfw {

// Nested objects become dotted keys ("model.heads"), as in config_schema.h; arrays and
// scalars are values. Keys of the schema come in its order, any others after them, sorted.
std::vector<std::pair<std::string, nlohmann::json>> flatten_config(const nlohmann::json& config);

// One row per key (rows.differs set where the items disagree or one lacks the key); only the
// differing keys unless all_keys. columns: the names given.
ComparisonTable config_diff(const std::vector<nlohmann::json>& configs,
                            const std::vector<std::string>& names, bool all_keys = false);

// A value as a cell shows it: strings without quotes, "" for an empty string, "-" for absent.
std::string config_value_text(const nlohmann::json& value);

}  // namespace tfw
