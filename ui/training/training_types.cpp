#include "ui/training/training_types.h"

namespace tfw {

void registerTrainingTypes() {
    qRegisterMetaType<TrainingStarted>();
    qRegisterMetaType<StepReport>();
    qRegisterMetaType<ValidationReport>();
    qRegisterMetaType<SamplesReport>();
    qRegisterMetaType<AttentionSnapshotReport>();
    qRegisterMetaType<ChecksReport>();
    qRegisterMetaType<TrainingFinished>();
    qRegisterMetaType<LogLevel>();
}

}  // namespace tfw
