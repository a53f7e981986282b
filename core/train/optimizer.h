#pragma once
// The optimizer a run trains with (train.optimizer and its settings) and its learning rate.

#include <ATen/core/Tensor.h>
#include <torch/optim/optimizer.h>

#include <memory>
#include <vector>

#include "core/config/experiment_config.h"

namespace tfw {

// Adam or AdamW with train.lr, betas, eps and weight_decay.
std::unique_ptr<torch::optim::Optimizer> make_optimizer(const TrainConfig& train,
                                                        std::vector<at::Tensor> parameters);

// Sets the learning rate of every parameter group (the schedule's value for the next step).
void set_learning_rate(torch::optim::Optimizer& optimizer, double lr);

}  // namespace tfw
