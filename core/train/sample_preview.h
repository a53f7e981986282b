#pragma once
// The sample preview after a validation: a few fixed validation inputs decoded greedily.

#include <cstdint>
#include <vector>

#include "core/config/experiment_config.h"
#include "core/data/dataset.h"
#include "core/decode/decode_options.h"
#include "core/model/transformer_model.h"
#include "core/train/training_observer.h"

namespace tfw {

// A validation example as the model reads it, and what should come out.
struct PreviewInput {
    std::vector<int> input;      // source ids, or a language model's four-token prompt
    std::vector<int> reference;  // target ids (lm: the rest of the line)
};

// The first `count` usable validation examples, in order (lm: lines of at least eight tokens).
std::vector<PreviewInput> preview_inputs(const PreparedData& data, bool lm, size_t count);

// The experiment's decoding settings made greedy (beam 1, one output; lm: 16 new tokens).
DecodeOptions preview_decode_options(const ExperimentConfig& config);

// The first four usable validation examples (lm: a four-token prompt, continued for up to 16
// tokens) with the model's greedy output; no samples when none is usable. The model is in
// evaluation mode while decoding and back in training mode after.
SamplesReport preview_samples(TransformerModelImpl& model, const PreparedData& data,
                              const ExperimentConfig& config, int64_t step);

}  // namespace tfw
