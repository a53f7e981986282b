#pragma once
// How a command names an experiment: --config FILE or --preset NAME, then --data-dir and --set
// KEY=VALUE over it. Declared and resolved here for train, check, sweep, config and tokens alike;
// a preset's name and --set overrides are command-line arguments, so their mistakes are usage
// errors (exit code 2).

#include <string>
#include <vector>

#include "app/cli/args.h"
#include "core/config/experiment_config.h"

namespace tfw::cli {

// Declares --config, --preset (listing the presets), --set and --data-dir; `what` names the
// experiment in their help, e.g. "the experiment" or "the base experiment".
void add_experiment_options(Args& args, const std::string& what);
// Whether --config or --preset was given; both is a UsageError.
bool names_experiment(const Args& args);
// The experiment --config or --preset names, with --data-dir and --set applied (not validated).
ExperimentConfig experiment_from_args(const Args& args);
// --data-dir and --set over an experiment that came from elsewhere (a checkpoint, an ablation).
void apply_experiment_overrides(const Args& args, ExperimentConfig& config);

// The same for options given as text (tokens --compare): a preset's name or a config file,
// then a data folder (empty: the experiment's own) and overrides.
ExperimentConfig named_experiment(bool is_preset, const std::string& name,
                                  const std::string& data_dir,
                                  const std::vector<std::string>& assignments);

// A built-in preset; an unknown name throws UsageError listing the known ones.
ExperimentConfig preset_option(const std::string& name);
// Applies --set KEY=VALUE in order; an unknown key or a bad value throws UsageError naming it.
void apply_set_options(ExperimentConfig& config, const std::vector<std::string>& assignments);

}  // namespace tfw::cli
