#pragma once
// Position-wise feed-forward block: W2 act(W1 x + b1) + b2, or gated (SwiGLU, GeGLU):
// W2 (act(Wg x) * Wu x), with Wg and Wu stacked in one matrix "inner" [2 ffn_dim, d].

#include <torch/nn/module.h>

#include "core/model/model_options.h"
#include "core/model/packed_linear.h"

namespace tfw {

inline bool is_gated(Activation a) {
    return a == Activation::Swiglu || a == Activation::Geglu;
}

struct FeedForwardImpl : torch::nn::Module {
    explicit FeedForwardImpl(const ModelOptions& options);
    // residual, when given, is added to the output (by the outer product as it writes it).
    at::Tensor forward(const at::Tensor& x, const at::Tensor& residual = {});

  private:
    Activation activation_;
    PackedLinear inner_{nullptr}, outer_{nullptr};
};
TORCH_MODULE(FeedForward);

}  // namespace tfw
