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

bool decays_as_matrix(const std::string& name, const at::Tensor& parameter) {
    return parameter.dim() >= 2 && name.find("embedding") == std::string::npos &&
           name.find("positions") == std::string::npos;
}

std::unique_ptr<torch::optim::Optimizer> make_optimizer(const TrainConfig& t,
                                                        const torch::nn::Module& model) {
    if (t.decay_scope == DecayScope::All || t.weight_decay == 0)
        return make_optimizer(t, model.parameters());
    std::vector<at::Tensor> matrices, others;
    for (const auto& item : model.named_parameters())
        (decays_as_matrix(item.key(), item.value()) ? matrices : others).push_back(item.value());
    std::unique_ptr<torch::optim::Optimizer> optimizer = make_optimizer(t, matrices);
    auto options = optimizer->param_groups().front().options().clone();
    if (t.optimizer == OptimizerType::AdamW)
        static_cast<torch::optim::AdamWOptions&>(*options).weight_decay(0);
    else
        static_cast<torch::optim::AdamOptions&>(*options).weight_decay(0);
    optimizer->add_param_group(torch::optim::OptimizerParamGroup(others, std::move(options)));
    return optimizer;
}

void set_learning_rate(torch::optim::Optimizer& optimizer, double lr) {
    for (auto& group : optimizer.param_groups()) group.options().set_lr(lr);
}

}  // namespace tfw
