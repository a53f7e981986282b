#pragma once
// The normalisation of a layer: LayerNorm, (x - mean) / sqrt(var + eps) * weight + bias, or
// RMSNorm, x / sqrt(mean(x^2) + eps) * weight. Parameters "weight" and, for LayerNorm with
// biases, "bias" (the names torch::nn::LayerNorm uses, so older checkpoints load unchanged).

#include <torch/nn/module.h>

#include "core/config/experiment_config.h"

namespace tfw {

struct NormImpl : torch::nn::Module {
    NormImpl(Normalization kind, int64_t dim, bool bias);
    at::Tensor forward(const at::Tensor& x);

    static constexpr double kEps = 1e-5;  // torch::nn::LayerNorm's default

  private:
    Normalization kind_;
    int64_t dim_;
    at::Tensor weight_, bias_;
};
TORCH_MODULE(Norm);

// x / sqrt(mean(x^2) + eps) * weight over the last dimension.
at::Tensor rms_norm(const at::Tensor& x, const at::Tensor& weight, double eps);

}  // namespace tfw
