#include "core/train/optimizer_step.h"

#include <ATen/ATen.h>
#include <torch/optim/adam.h>
#include <torch/optim/adamw.h>
#include <torch/utils.h>
#include <torch/version.h>

#include "core/runtime/host_reads.h"
#include "core/train/optimizer.h"

#define TFW_FUSED_ADAM \
    (TORCH_VERSION_MAJOR > 2 || (TORCH_VERSION_MAJOR == 2 && TORCH_VERSION_MINOR >= 4))

namespace tfw {

OptimizerStep::OptimizerStep(torch::optim::Optimizer& optimizer, const TrainConfig& train)
    : optimizer_(optimizer), train_(train) {}

bool OptimizerStep::fused() {
    return TFW_FUSED_ADAM;
}

std::vector<at::Tensor> OptimizerStep::state_tensors() const {
    std::vector<at::Tensor> out;
    for (const auto& [key, s] : slots_) {
        out.push_back(s.exp_avg);
        out.push_back(s.exp_avg_sq);
        out.push_back(s.step);
    }
    return out;
}

#if TFW_FUSED_ADAM

namespace {

// The optimizer's state for one parameter, made as torch::optim makes it on a first step.
template <class State>
State& state_of(torch::optim::Optimizer& optimizer, const at::Tensor& p) {
    auto& states = optimizer.state();
    auto found = states.find(p.unsafeGetTensorImpl());
    if (found == states.end()) {
        auto state = std::make_unique<State>();
        state->step(0);
        state->exp_avg(at::zeros_like(p, at::MemoryFormat::Preserve));
        state->exp_avg_sq(at::zeros_like(p, at::MemoryFormat::Preserve));
        found = states.emplace(p.unsafeGetTensorImpl(), std::move(state)).first;
    }
    auto& state = static_cast<State&>(*found->second);
    // A checkpoint's state loads onto the CPU; the kernels want it beside the parameter.
    if (state.exp_avg().device() != p.device()) {
        state.exp_avg(state.exp_avg().to(p.device()));
        state.exp_avg_sq(state.exp_avg_sq().to(p.device()));
    }
    return state;
}

}  // namespace

OptimizerStep::ParamSlot& OptimizerStep::slot(const at::Tensor& p) {
    auto found = slots_.find(p.unsafeGetTensorImpl());
    if (found != slots_.end()) return found->second;
    const auto make = [&](auto& state) {
        const auto step = static_cast<double>(state.step());
        return ParamSlot{state.exp_avg(), state.exp_avg_sq(),
                         at::full({}, step, p.options().dtype(at::kFloat))};
    };
    ParamSlot s = train_.optimizer == OptimizerType::AdamW
                      ? make(state_of<torch::optim::AdamWParamState>(optimizer_, p))
                      : make(state_of<torch::optim::AdamParamState>(optimizer_, p));
    return slots_.emplace(p.unsafeGetTensorImpl(), std::move(s)).first->second;
}

namespace {

// One parameter group's tensors, as the fused kernels take them.
struct GroupTensors {
    std::vector<at::Tensor> params, grads, exp_avgs, exp_avg_sqs, steps;
    double weight_decay = 0;
};

double weight_decay_of(const torch::optim::OptimizerParamGroup& group, OptimizerType type) {
    if (type == OptimizerType::AdamW)
        return static_cast<const torch::optim::AdamWOptions&>(group.options()).weight_decay();
    return static_cast<const torch::optim::AdamOptions&>(group.options()).weight_decay();
}

}  // namespace

at::Tensor OptimizerStep::step(double lr, const at::Tensor& halt, const at::Tensor& device_lr) {
    torch::NoGradGuard no_grad;
    set_learning_rate(optimizer_, lr);  // kept in the saved state, as torch::optim keeps it
    std::vector<GroupTensors> groups;
    std::vector<at::Tensor> all_grads;
    for (auto& group : optimizer_.param_groups()) {
        GroupTensors g;
        g.weight_decay = weight_decay_of(group, train_.optimizer);
        for (auto& p : group.params()) {
            if (!p.grad().defined()) continue;
            ParamSlot& s = slot(p);
            g.params.push_back(p);
            g.grads.push_back(p.grad());
            g.exp_avgs.push_back(s.exp_avg);
            g.exp_avg_sqs.push_back(s.exp_avg_sq);
            g.steps.push_back(s.step);
            all_grads.push_back(p.grad());
        }
        if (!g.params.empty()) groups.push_back(std::move(g));
    }
    if (groups.empty()) return at::zeros({}, halt.options().dtype(at::kFloat));
    const at::Tensor norm = clip_gradients(all_grads, train_.clip_norm);
    // The kernels skip every update when found_inf is exactly 1; the counts are put back.
    const at::Tensor found_inf =
        halt.ne(0).logical_or(norm.isfinite().logical_not()).to(at::kFloat);
    const double beta1 = train_.betas[0], beta2 = train_.betas[1];
    for (GroupTensors& g : groups) {
        at::_foreach_add_(g.steps, 1);
        // The same kernels with the rate as a number or as a device tensor.
        const auto update = [&](const auto& rate) {
            if (train_.optimizer == OptimizerType::AdamW)
                at::_fused_adamw_(g.params, g.grads, g.exp_avgs, g.exp_avg_sqs, {}, g.steps, rate,
                                  beta1, beta2, g.weight_decay, train_.eps, false, false,
                                  std::nullopt, found_inf);
            else
                at::_fused_adam_(g.params, g.grads, g.exp_avgs, g.exp_avg_sqs, {}, g.steps, rate,
                                 beta1, beta2, g.weight_decay, train_.eps, false, false,
                                 std::nullopt, found_inf);
        };
        // A CPU's kernels would read the tensor back (in float, where lr is exact as a double).
        if (device_lr.defined() && !device_lr.is_cpu())
            update(device_lr);
        else
            update(lr);
        at::_foreach_sub_(g.steps, std::vector<at::Tensor>(g.steps.size(), found_inf));
    }
    return norm;
}

void OptimizerStep::write_back_steps() {
    if (slots_.empty()) return;
    std::vector<void*> keys;
    std::vector<at::Tensor> counts;
    for (const auto& [key, s] : slots_) {
        keys.push_back(key);
        counts.push_back(s.step);
    }
    const std::vector<double> read = read_to_host(at::stack(counts));
    auto& states = optimizer_.state();
    for (size_t i = 0; i < keys.size(); ++i) {
        auto& state = *states.at(keys[i]);
        const auto step = static_cast<int64_t>(read[i]);
        if (train_.optimizer == OptimizerType::AdamW)
            static_cast<torch::optim::AdamWParamState&>(state).step(step);
        else
            static_cast<torch::optim::AdamParamState&>(state).step(step);
    }
}

at::Tensor clip_gradients(const std::vector<at::Tensor>& gradients, double max_norm) {
    torch::NoGradGuard no_grad;
    if (gradients.empty()) return at::zeros({}, at::kFloat);
    const at::Tensor norm = at::stack(at::_foreach_norm(gradients, 2)).norm(2);
    if (max_norm > 0) {
        // The factor in double, then float, as a factor computed on the host would be.
        const at::Tensor total = norm.to(at::kDouble);
        const at::Tensor factor =
            at::where(total > max_norm, max_norm / (total + 1e-6), at::ones_like(total));
        at::_foreach_mul_(gradients, factor.to(at::kFloat));
    }
    return norm;
}

#else  // LibTorch before 2.4: torch::optim's loop, reading the norm and the halt back.

at::Tensor OptimizerStep::step(double lr, const at::Tensor& halt, const at::Tensor&) {
    std::vector<at::Tensor> grads;
    for (auto& group : optimizer_.param_groups())
        for (auto& p : group.params())
            if (p.grad().defined()) grads.push_back(p.grad());
    const at::Tensor norm = clip_gradients(grads, train_.clip_norm);
    if (read_scalar(halt.ne(0).logical_or(norm.isfinite().logical_not())) != 0) return norm;
    set_learning_rate(optimizer_, lr);
    optimizer_.step();
    return norm;
}

void OptimizerStep::write_back_steps() {}

at::Tensor clip_gradients(const std::vector<at::Tensor>& gradients, double max_norm) {
    torch::NoGradGuard no_grad;
    if (gradients.empty()) return at::zeros({}, at::kFloat);
    std::vector<at::Tensor> norms;
    for (const auto& g : gradients) norms.push_back(g.norm(2).to(at::kFloat));
    const at::Tensor norm = at::stack(norms).norm(2);
    const double total = read_scalar(norm);
    if (max_norm > 0 && total > max_norm) {
        const double scale = max_norm / (total + 1e-6);
        for (const auto& g : gradients) g.mul_(scale);
    }
    return norm;
}

#endif

}  // namespace tfw
