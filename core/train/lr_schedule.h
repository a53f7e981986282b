#pragma once
#include "core/config/experiment_config.h"

namespace tfw {

// Learning rate for optimizer step `step` (1-based) under config.train's schedule.
// The GUI's schedule preview and the trainer call the same function.
double learning_rate_at(const ExperimentConfig& config, long long step);

}  // namespace tfw
