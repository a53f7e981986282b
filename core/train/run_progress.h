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

// `first_step`/`first_elapsed_s`: the first step this session reported and its elapsed time,
// from which the speed is measured (a resumed run's earlier sessions do not count).
RunProgress run_progress(const TrainingStarted& plan, int64_t first_step, double first_elapsed_s,
                         int64_t step, double elapsed_s);

}  // namespace tfw
