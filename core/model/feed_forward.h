#pragma once
// Position-wise feed-forward block: W2 act(W1 x + b1) + b2.

#include <torch/nn/module.h>
#include <torch/nn/modules/linear.h>

#include "core/config/experiment_config.h"

namespace tfw {

struct FeedForwardImpl : torch::nn::Module {
    FeedForwardImpl(int64_t d_model, int64_t ffn_dim, Activation activation);
    at::Tensor forward(const at::Tensor& x);

  private:
    Activation activation_;
    torch::nn::Linear inner_{nullptr}, outer_{nullptr};
};
TORCH_MODULE(FeedForward);

}  // namespace tfw
