#pragma once
// The configuration options of `tfw train` and `tfw config`: a preset's name and --set
// overrides are command-line arguments, so their mistakes are usage errors (exit code 2).

#include <string>
#include <vector>

#include "core/config/experiment_config.h"

namespace tfw::cli {

// A built-in preset; an unknown name throws UsageError listing the known ones.
ExperimentConfig preset_option(const std::string& name);

// Applies --set KEY=VALUE in order; an unknown key or a bad value throws UsageError naming it.
void apply_set_options(ExperimentConfig& config, const std::vector<std::string>& assignments);

}  // namespace tfw::cli
