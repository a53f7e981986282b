#pragma once
// Checkpoint averaging: the element-wise mean of the weights of several checkpoints of one
// model (typically a run's last few periodic checkpoints) is often a better model than any
// one of them, at no training cost.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/io/checkpoint.h"

namespace tfw {

struct PeriodicCheckpoint {
    int64_t step = 0;
    std::string path;
};
// The run's checkpoints/step-N.tfw (written when train.save_every > 0), sorted by step.
std::vector<PeriodicCheckpoint> periodic_checkpoints(const std::string& run_dir);

// Called after each checkpoint is read; returning false cancels the averaging.
using AverageProgress = std::function<bool(size_t done, size_t total)>;

// Weights: element-wise mean, accumulated in double. Config, tokenizers, training position
// and history: those of the newest checkpoint (highest step). No optimizer state.
// Throws CheckpointError naming the files when they cannot be averaged (different task,
// architecture, vocabulary or tokenizer). std::nullopt when progress cancelled it.
std::optional<Checkpoint> average_checkpoints(const std::vector<std::string>& paths,
                                              const AverageProgress& progress = {});

}  // namespace tfw
