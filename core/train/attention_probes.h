#pragma once
// The probe inputs whose attention a run snapshots, and one snapshot of them: each decoded
// greedily with its attention maps, labelled with tokens, with each head's entropy.

#include <cstdint>
#include <vector>

#include "core/config/experiment_config.h"
#include "core/data/dataset.h"
#include "core/model/transformer_model.h"
#include "core/train/attention_snapshots.h"

namespace tfw {

inline constexpr size_t kMaxProbes = 4;
// Rows and columns of a snapshot's maps at most: a source is cut to this many ids (with its
// EOS), an output to one fewer tokens; a language model's prompt keeps its newest half of it
// and is continued for the rest.
inline constexpr int kMaxProbeTokens = 24;

// train.probes split at '|' (blank parts skipped; at most kMaxProbes), or when it is empty the
// first two usable validation inputs; as ids the model reads, cut to kMaxProbeTokens.
std::vector<std::vector<int>> probe_inputs(const PreparedData& data, const ExperimentConfig& config,
                                           int64_t max_positions);

// The probes decoded greedily by `model` (in evaluation mode while decoding, training mode
// after) with their labelled maps and head entropies.
AttentionSnapshot snapshot_attention(TransformerModelImpl& model, const PreparedData& data,
                                     const ExperimentConfig& config,
                                     const std::vector<std::vector<int>>& probes, int64_t step);

}  // namespace tfw
