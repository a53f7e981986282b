#include "app/cli/config_args.h"

#include "app/cli/args.h"
#include "core/config/config_error.h"
#include "core/config/config_io.h"

namespace tfw::cli {

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
