#pragma once
#include "core/config/experiment_config.h"

namespace tfw {

// Learning rate for optimizer step `step` (1-based) under config.train's schedule.
// The GUI's schedule preview and the trainer call the same function.
// A cosine schedule reaches zero at train.max_steps; without max_steps but with a time
// budget (train.max_minutes) it reaches zero when the budget runs out, so a preset finishes
// its decay on any machine: `budget_used` is the fraction of max_minutes spent so far.
double learning_rate_at(const ExperimentConfig& config, long long step, double budget_used = 0);

// True when the schedule's decay follows the clock (cosine with only a time budget).
bool schedule_follows_clock(const TrainConfig& train);

}  // namespace tfw
