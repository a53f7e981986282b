#pragma once
// The sample preview after a validation: a few fixed validation inputs decoded greedily.

#include <cstdint>

#include "core/config/experiment_config.h"
#include "core/data/dataset.h"
#include "core/model/transformer_model.h"
#include "core/train/training_observer.h"

namespace tfw {

// The first four usable validation examples (lm: a four-token prompt, continued for up to 16
// tokens) with the model's greedy output; no samples when none is usable. The model is in
// evaluation mode while decoding and back in training mode after.
SamplesReport preview_samples(TransformerModelImpl& model, const PreparedData& data,
                              const ExperimentConfig& config, int64_t step);

}  // namespace tfw
