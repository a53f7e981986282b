#pragma once
// The loss of a checkpoint on the validation split it was trained with, as the trainer
// measures it: to compare checkpoints (e.g. an averaged one with the best single one).

#include "core/data/raw_corpus.h"
#include "core/eval/reference_loss.h"

namespace tfw {

// Generated for a synthetic task, otherwise read from data.valid_src / valid_tgt (language
// model: data.valid) resolved against data.dir. Throws ConfigError or DataError saying which
// file is missing or unreadable.
RawSplit validation_split(const ExperimentConfig& config);

ReferenceLoss validation_loss(LoadedModel& model, const RawSplit& split);

}  // namespace tfw
