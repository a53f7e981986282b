#include "core/train/planned_steps.h"

#include <algorithm>

namespace tfw {

StepPlan plan_steps(const TrainConfig& train, int64_t batches_per_epoch) {
    StepPlan plan;
    plan.steps_per_epoch = (batches_per_epoch + train.accumulate - 1) / train.accumulate;
    plan.planned_steps = plan.steps_per_epoch * train.epochs;
    if (train.max_steps > 0)
        plan.planned_steps = std::min<int64_t>(plan.planned_steps, train.max_steps);
    return plan;
}

StepPlan plan_steps(const TrainConfig& train, const PreparedData& data) {
    const auto batches = make_batches(data.train.examples, train.batch_tokens, false, 0, 1);
    return plan_steps(train, static_cast<int64_t>(batches.size()));
}

}  // namespace tfw
