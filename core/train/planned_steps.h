#pragma once
// How many optimizer steps a run plans: train.epochs × the optimizer steps of an epoch (its
// batches of train.batch_tokens, train.accumulate at a time), capped by train.max_steps. The
// trainer plans with it, and the experiment form's learning-rate preview draws over the same
// number. (train.max_tokens and train.max_minutes may end a run before its plan.)

#include <cstdint>

#include "core/config/experiment_config.h"
#include "core/data/dataset.h"

namespace tfw {

struct StepPlan {
    int64_t steps_per_epoch = 0;
    int64_t planned_steps = 0;
};

StepPlan plan_steps(const TrainConfig& train, int64_t batches_per_epoch);
// Batches the training examples as the trainer does for an epoch.
StepPlan plan_steps(const TrainConfig& train, const PreparedData& data);

}  // namespace tfw
