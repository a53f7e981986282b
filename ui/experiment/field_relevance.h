#pragma once
// Which fields matter for the experiment as currently set: the form greys out the others
// (encoder layers for a language model, file paths when the data is synthetic, ...).

#include <string>

#include "core/config/experiment_config.h"

namespace tfw {

bool fieldApplies(const std::string& key, const ExperimentConfig& config);

}  // namespace tfw
