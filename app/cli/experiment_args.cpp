#include "app/cli/experiment_args.h"

#include <filesystem>

#include "core/config/config_error.h"
#include "core/config/config_io.h"

namespace tfw::cli {
namespace {

std::string preset_list() {
    std::string names;
    for (const auto& name : preset_names()) names += (names.empty() ? "" : ", ") + name;
    return names;
}

// A data folder (empty: the experiment's own), then --set overrides in order.
void apply_overrides(ExperimentConfig& config, const std::string& data_dir,
                     const std::vector<std::string>& assignments) {
    if (!data_dir.empty()) config.data.dir = std::filesystem::absolute(data_dir).string();
    apply_set_options(config, assignments);
}

}  // namespace

void add_experiment_options(Args& args, const std::string& what) {
    args.option("config", "FILE", what + " from a configuration file (JSON)")
        .option("preset", "NAME", what + " from a built-in preset: " + preset_list())
        .repeated("set", "KEY=VALUE",
                  "change one setting of " + what + ", e.g. --set model.heads=4")
        .option("data-dir", "DIR",
                "folder " + what + "'s relative data paths are resolved against");
}

bool names_experiment(const Args& args) {
    if (args.has("config") && args.has("preset"))
        throw UsageError("give at most one of --config or --preset");
    return args.has("config") || args.has("preset");
}

ExperimentConfig experiment_from_args(const Args& args) {
    if (args.has("config") == args.has("preset"))
        throw UsageError("give exactly one of --config or --preset");
    const bool is_preset = args.has("preset");
    return named_experiment(is_preset, args.get(is_preset ? "preset" : "config"),
                            args.has("data-dir") ? args.get("data-dir") : "", args.all("set"));
}

void apply_experiment_overrides(const Args& args, ExperimentConfig& config) {
    apply_overrides(config, args.has("data-dir") ? args.get("data-dir") : "", args.all("set"));
}

ExperimentConfig named_experiment(bool is_preset, const std::string& name,
                                  const std::string& data_dir,
                                  const std::vector<std::string>& assignments) {
    ExperimentConfig config = is_preset ? preset_option(name) : load_config_file(name);
    apply_overrides(config, data_dir, assignments);
    return config;
}

ExperimentConfig preset_option(const std::string& name) {
    try {
        return load_preset(name);
    } catch (const ConfigError& e) {
        throw UsageError(std::string("--preset: ") + e.what());
    }
}

void apply_set_options(ExperimentConfig& config, const std::vector<std::string>& assignments) {
    for (const auto& assignment : assignments) {
        try {
            apply_override(config, assignment);
        } catch (const ConfigError& e) {
            throw UsageError(std::string("--set ") + assignment + ": " + e.what());
        }
    }
}

}  // namespace tfw::cli
