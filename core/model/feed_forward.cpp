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

at::Tensor FeedForwardImpl::forward(const at::Tensor& x) {
    at::Tensor hidden = inner_->forward(x);
    switch (activation_) {
        case Activation::Relu:
            hidden = at::relu(hidden);
            break;
        case Activation::Gelu:
            hidden = at::gelu(hidden);
            break;
        case Activation::Swiglu: {
            const auto parts = hidden.chunk(2, -1);
            hidden = at::silu(parts[0]) * parts[1];
            break;
        }
        case Activation::Geglu: {
            const auto parts = hidden.chunk(2, -1);
            hidden = at::gelu(parts[0]) * parts[1];
            break;
        }
    }
    return outer_->forward(hidden);
}

}  // namespace tfw
