#pragma once
// Entry points of training. Both block until the run ends (run them on a worker thread
// in a GUI); they never throw for problems of the run itself: those end as
// FinishReason::Failed with a message, reported to the observer too.

#include <string>

#include "core/config/experiment_config.h"
#include "core/train/training_observer.h"

namespace tfw {

// Starts a new run in run_dir (created; must be empty or absent).
TrainingFinished train_new(const ExperimentConfig& config, const std::string& run_dir,
                           TrainingObserver& observer, TrainingControl& control);

// Continues the run in run_dir from its last checkpoint, exactly where it stopped.
TrainingFinished train_resume(const std::string& run_dir, TrainingObserver& observer,
                              TrainingControl& control);

}  // namespace tfw
