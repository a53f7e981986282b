#include "core/train/optimizer.h"

#include <torch/optim/adam.h>
#include <torch/optim/adamw.h>

#include <tuple>

namespace tfw {

std::unique_ptr<torch::optim::Optimizer> make_optimizer(const TrainConfig& t,
                                                        std::vector<at::Tensor> parameters) {
    const std::tuple<double, double> betas{t.betas[0], t.betas[1]};
    if (t.optimizer == OptimizerType::AdamW)
        return std::make_unique<torch::optim::AdamW>(
            parameters,
            torch::optim::AdamWOptions(t.lr).betas(betas).eps(t.eps).weight_decay(t.weight_decay));
    return std::make_unique<torch::optim::Adam>(
        parameters,
        torch::optim::AdamOptions(t.lr).betas(betas).eps(t.eps).weight_decay(t.weight_decay));
}

void set_learning_rate(torch::optim::Optimizer& optimizer, double lr) {
    for (auto& group : optimizer.param_groups()) group.options().set_lr(lr);
}

}  // namespace tfw
