#pragma once
// The trainer's report structs as Qt meta-types, so that they can travel through queued
// signals from the training thread to the window.

#include <QMetaType>

#include "core/config/experiment_config.h"
#include "core/train/training_observer.h"
#include "ui/checks/checks_types.h"

Q_DECLARE_METATYPE(tfw::TrainingStarted)
Q_DECLARE_METATYPE(tfw::StepReport)
Q_DECLARE_METATYPE(tfw::ValidationReport)
Q_DECLARE_METATYPE(tfw::SamplesReport)
Q_DECLARE_METATYPE(tfw::AttentionSnapshotReport)
Q_DECLARE_METATYPE(tfw::TrainingFinished)
Q_DECLARE_METATYPE(tfw::LogLevel)

namespace tfw {

// Registers the types above with Qt's meta-type system; call once before training.
void registerTrainingTypes();

}  // namespace tfw
