#pragma once
// How far a training run is and how long it has left, by its planned steps or by its time
// budget (train.max_minutes), whichever ends it first. A preset that trains "for 12 minutes"
// plans thousands of epochs, so a step-based estimate alone would promise days.

#include <cstdint>

#include "core/train/training_observer.h"

namespace tfw {

struct RunProgress {
    double fraction = 0;       // of the run done, 0..1
    double seconds_left = -1;  // < 0 while not known (before the first timed step)
    bool by_time = false;      // the time budget, not the planned steps, ends the run
};

// The speed the time left is estimated with: an exponential moving average of the steps per
// second between consecutive reports. An average since the start swings with every slow
// stretch (a validation, a checkpoint); the moving average moves a fraction `weight` of the
// way to each new interval's rate (the plain mean of the first 1/weight intervals), so one
// slow interval moves the estimate by at most about `weight`.
class StepRateAverage {
  public:
    explicit StepRateAverage(double weight = 0.1) : weight_(weight) {}
    // Adds the report of `step` at `elapsed_s` (seconds since the run started).
    void add(int64_t step, double elapsed_s);
    // Steps per second; 0 until two reports with steps and time between them.
    double steps_per_s() const { return rate_; }

  private:
    double weight_;
    double rate_ = 0;
    int intervals_ = 0;
    int64_t last_step_ = -1;
    double last_elapsed_s_ = 0;
};

// As below, with the time left by the smoothed rate (unknown while it is 0).
RunProgress run_progress(const TrainingStarted& plan, const StepRateAverage& rate, int64_t step,
                         double elapsed_s);

// `first_step`/`first_elapsed_s`: the first step this session reported and its elapsed time,
// from which the speed is measured (a resumed run's earlier sessions do not count).
RunProgress run_progress(const TrainingStarted& plan, int64_t first_step, double first_elapsed_s,
                         int64_t step, double elapsed_s);

}  // namespace tfw
