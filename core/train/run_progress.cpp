#include "core/train/run_progress.h"

#include <algorithm>

namespace tfw {

namespace {

// By the planned steps or the time budget, whichever ends the run first; `steps_left_s` < 0:
// not known yet.
RunProgress progress_with(const TrainingStarted& plan, double steps_left_s, int64_t step,
                          double elapsed_s) {
    RunProgress p;
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

double steps_left(const TrainingStarted& plan, int64_t step) {
    return double(std::max<int64_t>(plan.planned_steps - step, 0));
}

}  // namespace

void StepRateAverage::add(int64_t step, double elapsed_s) {
    if (last_step_ >= 0 && step > last_step_ && elapsed_s > last_elapsed_s_) {
        const double rate = double(step - last_step_) / (elapsed_s - last_elapsed_s_);
        ++intervals_;
        rate_ += std::max(weight_, 1.0 / intervals_) * (rate - rate_);
    }
    if (step >= last_step_) {
        last_step_ = step;
        last_elapsed_s_ = elapsed_s;
    }
}

RunProgress run_progress(const TrainingStarted& plan, const StepRateAverage& rate, int64_t step,
                         double elapsed_s) {
    const double left = rate.steps_per_s() > 0 ? steps_left(plan, step) / rate.steps_per_s() : -1;
    return progress_with(plan, left, step, elapsed_s);
}

RunProgress run_progress(const TrainingStarted& plan, int64_t first_step, double first_elapsed_s,
                         int64_t step, double elapsed_s) {
    double left = -1;
    if (step > first_step && elapsed_s > first_elapsed_s)
        left = steps_left(plan, step) * (elapsed_s - first_elapsed_s) / double(step - first_step);
    return progress_with(plan, left, step, elapsed_s);
}

}  // namespace tfw
