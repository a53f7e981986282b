#pragma once
// The reverse of export_model: a folder of config.json, model.safetensors and tokenizer files
// (written by `tfw export` or by python/tfw_torch.py) turned into a checkpoint that
// translation, evaluation and `tfw info` load like a trained one.

#include <string>

#include "core/io/checkpoint.h"

namespace tfw {

// The model in dir as a checkpoint at step 0 of its trained_steps (no optimizer state or
// history). The architecture comes from config.json's "model", the rest of the experiment
// from its "experiment" (defaults where absent). Every parameter and buffer of that
// architecture must be in the weights with its exact shape, and nothing else. Throws
// std::runtime_error (SafetensorsError for damaged weights) naming the file and tensor.
Checkpoint import_model(const std::string& dir);

}  // namespace tfw
