#pragma once
// One encoder layer: self-attention and feed-forward, each a residual branch.
//   pre-LN:  x + Drop(F(LN(x)))       post-LN: LN(x + Drop(F(x)))

#include <torch/nn/module.h>
#include <torch/nn/modules/normalization.h>

#include "core/model/feed_forward.h"
#include "core/model/model_options.h"
#include "core/model/multi_head_attention.h"
#include "core/model/norm.h"

namespace tfw {

struct EncoderLayerImpl : torch::nn::Module {
    explicit EncoderLayerImpl(const ModelOptions& options);
    // mask: additive key-padding mask [B, 1, 1, S]
    at::Tensor forward(const at::Tensor& x, const at::Tensor& mask,
                       at::Tensor* weights_out = nullptr);

    MultiHeadAttention self_attention{nullptr};

  private:
    bool pre_norm_;
    double dropout_;
    FeedForward feed_forward_{nullptr};
    Norm norm1_{nullptr}, norm2_{nullptr};
};
TORCH_MODULE(EncoderLayer);

}  // namespace tfw
