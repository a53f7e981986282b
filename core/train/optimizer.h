#pragma once
// The optimizer a run trains with (train.optimizer and its settings) and its learning rate.

#include <ATen/core/Tensor.h>
#include <torch/nn/module.h>
#include <torch/optim/optimizer.h>

#include <memory>
#include <string>
#include <vector>

#include "core/config/experiment_config.h"

namespace tfw {

// Adam or AdamW with train.lr, betas, eps and weight_decay, for every parameter alike.
std::unique_ptr<torch::optim::Optimizer> make_optimizer(const TrainConfig& train,
                                                        std::vector<at::Tensor> parameters);

// The same for a model, honouring train.decay_scope: with decay on the matrices only, a
// second parameter group (norms, biases, embeddings) has weight decay 0.
std::unique_ptr<torch::optim::Optimizer> make_optimizer(const TrainConfig& train,
                                                        const torch::nn::Module& model);

// Whether decay_scope matrices decays this parameter: a linear layer's weight matrix, not an
// embedding or position table, a norm's gain or a bias.
bool decays_as_matrix(const std::string& name, const at::Tensor& parameter);

// Sets the learning rate of every parameter group (the schedule's value for the next step).
void set_learning_rate(torch::optim::Optimizer& optimizer, double lr);

}  // namespace tfw
