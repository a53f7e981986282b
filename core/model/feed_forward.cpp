#include "core/model/feed_forward.h"

#include <ATen/ATen.h>

namespace tfw {

FeedForwardImpl::FeedForwardImpl(int64_t d_model, int64_t ffn_dim, Activation activation)
    : activation_(activation) {
    inner_ = register_module("inner", torch::nn::Linear(d_model, ffn_dim));
    outer_ = register_module("outer", torch::nn::Linear(ffn_dim, d_model));
}

at::Tensor FeedForwardImpl::forward(const at::Tensor& x) {
    at::Tensor hidden = inner_->forward(x);
    hidden = activation_ == Activation::Gelu ? at::gelu(hidden) : at::relu(hidden);
    return outer_->forward(hidden);
}

}  // namespace tfw
