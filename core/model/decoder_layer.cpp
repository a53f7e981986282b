#include "core/model/decoder_layer.h"

#include <ATen/ATen.h>

#include "core/model/fast_dropout.h"

namespace tfw {

DecoderLayerImpl::DecoderLayerImpl(const ModelOptions& o)
    : pre_norm_(o.pre_norm), dropout_(o.dropout) {
    const auto norm = [&] { return Norm(o.normalization, o.d_model, o.bias); };
    self_attention = register_module("self_attention", MultiHeadAttention(o, true));
    norm1_ = register_module("norm1", norm());
    if (!o.is_lm()) {
        cross_attention = register_module("cross_attention", MultiHeadAttention(o, false));
        norm2_ = register_module("norm2", norm());
    }
    feed_forward_ = register_module("feed_forward", FeedForward(o));
    norm3_ = register_module("norm3", norm());
}

at::Tensor DecoderLayerImpl::forward(const at::Tensor& input, const at::Tensor& self_mask,
                                     const at::Tensor& memory, const at::Tensor& memory_mask,
                                     at::Tensor* self_weights, at::Tensor* cross_weights,
                                     DecoderLayerCache* cache) {
    const double p = is_training() ? dropout_ : 0.0;
    AttentionCache* self_cache = cache ? &cache->self : nullptr;
    AttentionCache* cross_cache = cache ? &cache->cross : nullptr;
    at::Tensor x = input;
    if (pre_norm_) {
        // Without dropout each block's output projection adds the residual as it writes its
        // result; with it, the sum follows the dropout.
        const bool summed = p == 0.0;
        const auto residual = [&] { return summed ? x : at::Tensor(); };
        const auto add = [&](const at::Tensor& out) {
            return summed ? out : x + fast_dropout(out, p);
        };
        x = add(self_attention->forward(norm1_->forward(x), {}, self_mask, self_weights, self_cache,
                                        residual()));
        if (cross_attention)
            x = add(cross_attention->forward(norm2_->forward(x), memory, memory_mask, cross_weights,
                                             cross_cache, residual()));
        x = add(feed_forward_->forward(norm3_->forward(x), residual()));
    } else {
        x = norm1_->forward(
            x +
            fast_dropout(self_attention->forward(x, {}, self_mask, self_weights, self_cache), p));
        if (cross_attention)
            x = norm2_->forward(x +
                                fast_dropout(cross_attention->forward(x, memory, memory_mask,
                                                                      cross_weights, cross_cache),
                                             p));
        x = norm3_->forward(x + fast_dropout(feed_forward_->forward(x), p));
    }
    return x;
}

}  // namespace tfw
