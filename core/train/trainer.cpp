#include "core/train/trainer.h"

#include "core/train/training_run.h"

namespace tfw {

TrainingFinished train_new(const ExperimentConfig& config, const std::string& run_dir,
                           TrainingObserver& observer, TrainingControl& control,
                           const DistributedSetup& distributed) {
    return TrainingRun(run_dir, observer, control, distributed).start(config);
}

TrainingFinished train_resume(const std::string& run_dir, TrainingObserver& observer,
                              TrainingControl& control, const DistributedSetup& distributed,
                              const std::string& from) {
    return TrainingRun(run_dir, observer, control, distributed).resume(from);
}

}  // namespace tfw
