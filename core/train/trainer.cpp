#include "core/train/trainer.h"

#include "core/train/training_run.h"

namespace tfw {

TrainingFinished train_new(const ExperimentConfig& config, const std::string& run_dir,
                           TrainingObserver& observer, TrainingControl& control) {
    return TrainingRun(run_dir, observer, control).start(config);
}

TrainingFinished train_resume(const std::string& run_dir, TrainingObserver& observer,
                              TrainingControl& control) {
    return TrainingRun(run_dir, observer, control).resume();
}

}  // namespace tfw
