#pragma once
// Entry points of training. Both block until the run ends (run them on a worker thread
// in a GUI); they never throw for problems of the run itself: those end as
// FinishReason::Failed with a message, reported to the observer too.

#include <string>

#include "core/config/experiment_config.h"
#include "core/distributed/distributed_setup.h"
#include "core/train/training_observer.h"

namespace tfw {

// Starts a new run in run_dir (created; must be empty or absent). With a distributed setup
// of several processes this process is one rank of a data-parallel run (docs/distributed.md):
// rank 0 alone writes run_dir, and the other ranks take its name from rank 0.
TrainingFinished train_new(const ExperimentConfig& config, const std::string& run_dir,
                           TrainingObserver& observer, TrainingControl& control,
                           const DistributedSetup& distributed = {});

// Continues the run in run_dir from its last checkpoint, exactly where it stopped, on as many
// processes as it was trained on. `from` names another checkpoint to continue from (a file of
// the run's checkpoints/ or a path), for a run whose last.tfw is damaged. A run stopped before
// its first checkpoint starts again from step 0.
TrainingFinished train_resume(const std::string& run_dir, TrainingObserver& observer,
                              TrainingControl& control, const DistributedSetup& distributed = {},
                              const std::string& from = "");

}  // namespace tfw
