#include "core/model/feed_forward.h"

#include <ATen/ATen.h>

namespace tfw {

FeedForwardImpl::FeedForwardImpl(const ModelOptions& o) : activation_(o.activation) {
    const int64_t inner_width = is_gated(o.activation) ? 2 * o.ffn_dim : o.ffn_dim;
    inner_ = register_module(
        "inner", PackedLinear(torch::nn::LinearOptions(o.d_model, inner_width).bias(o.bias)));
    outer_ = register_module(
        "outer", PackedLinear(torch::nn::LinearOptions(o.ffn_dim, o.d_model).bias(o.bias)));
}

at::Tensor FeedForwardImpl::forward(const at::Tensor& x, const at::Tensor& residual) {
    const auto outer = [&](const at::Tensor& hidden) {
        return residual.defined() ? outer_->forward_add(hidden, residual) : outer_->forward(hidden);
    };
    // A packed product applies relu as it writes its result (PackedLinear::forward_relu).
    if (activation_ == Activation::Relu) return outer(inner_->forward_relu(x));
    const at::Tensor hidden = inner_->forward(x);
    if (activation_ == Activation::Gelu) return outer(at::gelu(hidden));
    // Gated (SwiGLU, GeGLU): the first half, activated, gates the second.
    const auto parts = hidden.chunk(2, -1);
    const at::Tensor gate =
        activation_ == Activation::Swiglu ? at::silu(parts[0]) : at::gelu(parts[0]);
    return outer(gate * parts[1]);
}

}  // namespace tfw
