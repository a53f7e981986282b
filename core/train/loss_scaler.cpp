#include "core/train/loss_scaler.h"

#include <ATen/ATen.h>
#include <torch/utils.h>

namespace tfw {

LossScaler::LossScaler(LossScaleState state) : state_(state) {}

bool LossScaler::unscale(const std::vector<at::Tensor>& parameters) {
    torch::NoGradGuard no_grad;
    bool finite = true;
    for (const auto& p : parameters)
        if (p.grad().defined() && !at::isfinite(p.grad()).all().item<bool>()) finite = false;
    if (!finite) {
        state_.scale /= 2;
        state_.good_steps = 0;
        return false;
    }
    for (const auto& p : parameters)
        if (p.grad().defined()) p.grad().div_(state_.scale);
    if (++state_.good_steps % kGrowthInterval == 0) state_.scale *= 2;
    return true;
}

}  // namespace tfw
