#pragma once
// JSON round-trip, `--set key=value` overrides, validation and presets.

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/config/config_error.h"
#include "core/config/experiment_config.h"
#include "core/config/phrase.h"

namespace tfw {

nlohmann::json to_json(const ExperimentConfig& config);
// Missing keys keep their defaults; unknown keys and bad values throw ConfigError.
ExperimentConfig config_from_json(const nlohmann::json& json);
ExperimentConfig load_config_file(const std::string& path);
void save_config_file(const ExperimentConfig& config, const std::string& path);

// Applies "key=value" (value parsed as the field's kind; lists as "0.9,0.98").
void apply_override(ExperimentConfig& config, const std::string& assignment);

struct ValidationIssue {
    std::string key;  // dotted key the message is about
    Phrase message;   // e.g. "model.heads (6) must divide model.d_model (512)"
};
// Problems that make the experiment impossible; empty when it can start.
std::vector<ValidationIssue> validate(const ExperimentConfig& config);
// Throws ConfigError listing every issue when validate() finds any.
void require_valid(const ExperimentConfig& config);

// Built-in presets (compiled into the binary): names and configs.
std::vector<std::string> preset_names();
ExperimentConfig load_preset(const std::string& name);

// Resolves a data path from the config against data.dir.
std::string resolve_data_path(const ExperimentConfig& config, const std::string& path);

}  // namespace tfw
