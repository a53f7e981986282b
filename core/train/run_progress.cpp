#include "core/train/run_progress.h"

#include <algorithm>

namespace tfw {

RunProgress run_progress(const TrainingStarted& plan, int64_t first_step, double first_elapsed_s,
                         int64_t step, double elapsed_s) {
    RunProgress p;
    double steps_left_s = -1;
    if (step > first_step && elapsed_s > first_elapsed_s)
        steps_left_s = double(std::max<int64_t>(plan.planned_steps - step, 0)) *
                       (elapsed_s - first_elapsed_s) / double(step - first_step);
    if (plan.time_budget_s > 0) {
        const double budget_left_s = std::max(plan.time_budget_s - elapsed_s, 0.0);
        if (steps_left_s < 0 || budget_left_s < steps_left_s) {
            p.by_time = true;
            p.seconds_left = budget_left_s;
            p.fraction = std::min(elapsed_s / plan.time_budget_s, 1.0);
            return p;
        }
    }
    p.seconds_left = steps_left_s;
    if (plan.planned_steps > 0)
        p.fraction = std::clamp(double(step) / double(plan.planned_steps), 0.0, 1.0);
    return p;
}

}  // namespace tfw
