#pragma once
// Refusing a model that cannot fit before it is built: a model too large for the machine
// would otherwise be killed by the system (out of memory) with no message, status or cleanup.

#include <ATen/core/Tensor.h>

#include <cstdint>
#include <string>

#include "core/config/experiment_config.h"

namespace tfw {

// Bytes the device can hold now: MemAvailable of /proc/meminfo (else the free physical pages)
// for the CPU, the GPU's memory for CUDA; 0 when unknown.
int64_t device_memory_available(const at::Device& device);

// Throws ConfigError when the weights, gradients and Adam moments alone (the exact part of
// estimate_training_memory; activations come on top) exceed `available` bytes, naming both
// figures and the settings that size the model. available 0 (unknown) passes.
void require_memory_for(const ExperimentConfig& config, int64_t src_vocab, int64_t tgt_vocab,
                        int64_t available, const std::string& where);
// The same for training on `device`, with what it can hold now.
void require_memory_on(const at::Device& device, const ExperimentConfig& config, int64_t src_vocab,
                       int64_t tgt_vocab);

}  // namespace tfw
