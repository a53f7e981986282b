#pragma once
// The loss of a checkpoint on the validation split it was trained with, as the trainer
// measures it: to compare checkpoints (e.g. an averaged one with the best single one).

#include "core/data/raw_corpus.h"
#include "core/eval/reference_loss.h"

namespace tfw {

// `split` is the checkpoint config's validation split (read_split(config, Split::Valid)).
ReferenceLoss validation_loss(LoadedModel& model, const RawSplit& split);

}  // namespace tfw
