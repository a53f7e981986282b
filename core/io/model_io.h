#pragma once
// Bytes <-> modules and optimizers, and rebuilding a usable model from a checkpoint.

#include <memory>
#include <string>

#include <torch/nn/module.h>
#include <torch/optim/optimizer.h>

#include "core/data/tokenizer.h"
#include "core/io/checkpoint.h"
#include "core/model/transformer_model.h"

namespace tfw {

std::string serialize_module(torch::nn::Module& module);
void load_module(torch::nn::Module& module, const std::string& bytes);  // throws CheckpointError
std::string serialize_optimizer(torch::optim::Optimizer& optimizer);
void load_optimizer(torch::optim::Optimizer& optimizer, const std::string& bytes);

// A checkpoint turned back into a model ready for inference (eval mode) and its tokenizers.
struct LoadedModel {
    Checkpoint checkpoint;  // without optimizer state
    TransformerModel model{nullptr};
    std::shared_ptr<Tokenizer> src_tokenizer, tgt_tokenizer;
    at::Device device{at::kCPU};
};
// device: "auto", "cpu" or "cuda". Throws CheckpointError.
LoadedModel load_model(const std::string& checkpoint_path, const std::string& device = "cpu");

}  // namespace tfw
