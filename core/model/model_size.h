#pragma once
// Size of a model before it exists: exact parameter count (equal to the built model's)
// and a rough training-memory estimate, for the form's live read-outs.

#include <cstdint>

#include "core/config/experiment_config.h"

namespace tfw {

// src_vocab is ignored for lm; with tokenizer.shared the two vocabularies are one table.
int64_t count_parameters(const ExperimentConfig& config, int64_t src_vocab, int64_t tgt_vocab);

// The hidden width of a gated feed-forward block (SwiGLU, GeGLU) with the parameters of an
// ungated one of 4 x d_model: 2/3 x 4 x d_model, to the nearest multiple of 8.
int64_t gated_ffn_dim(int64_t d_model);

// The key/value cache of generation: bytes per decoded token and sequence (fp32), which
// grouped-query attention divides by heads / kv_heads.
int64_t kv_cache_bytes_per_token(const ExperimentConfig& config);

struct MemoryEstimate {
    int64_t parameters_bytes = 0;   // fp32 weights
    int64_t optimizer_bytes = 0;    // gradients + Adam moments
    int64_t activations_bytes = 0;  // kept for backward, one batch
    int64_t total() const { return parameters_bytes + optimizer_bytes + activations_bytes; }
};
MemoryEstimate estimate_training_memory(const ExperimentConfig& config, int64_t src_vocab,
                                        int64_t tgt_vocab);

}  // namespace tfw
