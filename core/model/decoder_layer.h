#pragma once
// One decoder layer: masked self-attention, cross-attention over the encoder memory
// (absent in a decoder-only language model) and feed-forward, each a residual branch.

#include <torch/nn/module.h>

#include "core/model/feed_forward.h"
#include "core/model/model_options.h"
#include "core/model/multi_head_attention.h"
#include "core/model/norm.h"

namespace tfw {

struct DecoderLayerCache {
    AttentionCache self, cross;
};

struct DecoderLayerImpl : torch::nn::Module {
    explicit DecoderLayerImpl(const ModelOptions& options);
    // self_mask: additive causal mask [Tq, Tk] (undefined when stepping with a cache; the
    // key-padding mask [B, 1, 1, T] for a non-causal model);
    // memory_mask: additive key-padding mask of the memory [B, 1, 1, S].
    at::Tensor forward(const at::Tensor& x, const at::Tensor& self_mask, const at::Tensor& memory,
                       const at::Tensor& memory_mask, at::Tensor* self_weights = nullptr,
                       at::Tensor* cross_weights = nullptr, DecoderLayerCache* cache = nullptr);

    MultiHeadAttention self_attention{nullptr};
    MultiHeadAttention cross_attention{nullptr};  // null for a language model

  private:
    bool pre_norm_;
    double dropout_;
    FeedForward feed_forward_{nullptr};
    Norm norm1_{nullptr}, norm2_{nullptr}, norm3_{nullptr};
};
TORCH_MODULE(DecoderLayer);

}  // namespace tfw
