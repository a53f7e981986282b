#include "core/model/encoder_layer.h"

#include <ATen/ATen.h>

#include "core/model/fast_dropout.h"

namespace tfw {

EncoderLayerImpl::EncoderLayerImpl(const ModelOptions& o)
    : pre_norm_(o.pre_norm), dropout_(o.dropout) {
    self_attention = register_module("self_attention", MultiHeadAttention(o, true));
    feed_forward_ = register_module("feed_forward", FeedForward(o));
    norm1_ = register_module("norm1", Norm(o.normalization, o.d_model, o.bias));
    norm2_ = register_module("norm2", Norm(o.normalization, o.d_model, o.bias));
}

at::Tensor EncoderLayerImpl::forward(const at::Tensor& input, const at::Tensor& mask,
                                     at::Tensor* weights_out) {
    const double p = is_training() ? dropout_ : 0.0;
    at::Tensor x = input;
    if (pre_norm_) {
        const at::Tensor h = norm1_->forward(x);
        x = x + fast_dropout(self_attention->forward(h, {}, mask, weights_out), p);
        x = x + fast_dropout(feed_forward_->forward(norm2_->forward(x)), p);
    } else {
        x = norm1_->forward(x + fast_dropout(self_attention->forward(x, {}, mask, weights_out), p));
        x = norm2_->forward(x + fast_dropout(feed_forward_->forward(x), p));
    }
    return x;
}

}  // namespace tfw
