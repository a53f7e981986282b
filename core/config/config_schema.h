#pragma once
// The dotted-key view of ExperimentConfig: one entry per field with its kind, allowed
// values, range and a short explanation. JSON in/out, `--set key=value`, validation
// messages and the GUI form all read this one table.

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "core/config/experiment_config.h"

namespace tfw {

enum class FieldKind { Int, Double, Bool, String, Path, Choice, DoublePair };

struct ConfigField {
    std::string key;  // "model.d_model"
    FieldKind kind;
    std::string help;                  // one or two sentences, with the formula where there is one
    std::vector<std::string> choices;  // FieldKind::Choice
    std::optional<double> min, max;    // inclusive numeric range where one applies
    std::function<nlohmann::json(const ExperimentConfig&)> get;
    std::function<void(ExperimentConfig&, const nlohmann::json&)> set;  // throws ConfigError
    std::string label{};  // the form's label, "Model width"
};

// Every field, in form order (task first, then data, tokenizer, model, train, decode).
const std::vector<ConfigField>& config_fields();
const ConfigField* find_config_field(const std::string& key);

}  // namespace tfw
