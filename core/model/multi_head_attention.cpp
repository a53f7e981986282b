#include "core/model/multi_head_attention.h"

#include <ATen/ATen.h>
#include <torch/nn/init.h>
#include <torch/version.h>

#include <algorithm>
#include <cmath>

#include "core/model/fast_dropout.h"

namespace tfw {

namespace {

// softmax(Q K^T / sqrt(d_head) + mask) V step by step, so that the weights can be returned.
at::Tensor explicit_attention(at::Tensor q, const at::Tensor& k, const at::Tensor& v,
                              const at::Tensor& mask, double dropout, at::Tensor* weights_out) {
    // Scale q rather than the scores: fewer elements to touch when Tk > d_head.
    q = q * (1.0 / std::sqrt(static_cast<double>(q.size(-1))));
    at::Tensor scores = at::matmul(q, k.transpose(-2, -1));  // [B, H, Tq, Tk]
    if (mask.defined()) scores = scores + mask;
    at::Tensor weights = at::softmax(scores, -1);
    if (weights_out) *weights_out = weights.detach();
    if (dropout > 0) weights = fast_dropout(weights, dropout);
    return at::matmul(weights, v);
}

#if TORCH_VERSION_MAJOR >= 2
// The same in one fused LibTorch kernel (flash attention, on the CPU too), which never
// materialises the [B, H, Tq, Tk] weights: less memory traffic, no weights to return.
at::Tensor fused_attention(const at::Tensor& q, const at::Tensor& k, const at::Tensor& v,
                           const at::Tensor& mask, double dropout) {
    if (!mask.defined()) return at::scaled_dot_product_attention(q, k, v, {}, dropout);
    // The additive mask must have the query's type (bfloat16 under autocast).
    return at::scaled_dot_product_attention(q, k, v, mask.to(q.scalar_type()), dropout);
}
#endif

}  // namespace

MultiHeadAttentionImpl::MultiHeadAttentionImpl(int64_t d_model, int64_t heads,
                                               double attention_dropout, bool self_attention)
    : d_model_(d_model),
      heads_(heads),
      d_head_(d_model / heads),
      attention_dropout_(attention_dropout),
      self_attention_(self_attention) {
    TORCH_CHECK(d_model % heads == 0, "d_model (", d_model, ") must be divisible by heads (", heads,
                ")");
    in_proj_ = register_module("in_proj",
                               torch::nn::Linear(d_model, self_attention ? 3 * d_model : d_model));
    if (!self_attention)
        kv_proj_ = register_module("kv_proj", torch::nn::Linear(d_model, 2 * d_model));
    out_proj_ = register_module("out_proj", torch::nn::Linear(d_model, d_model));
}

at::Tensor MultiHeadAttentionImpl::split_heads(const at::Tensor& x) const {
    return x.view({x.size(0), x.size(1), heads_, d_head_}).transpose(1, 2);
}

at::Tensor MultiHeadAttentionImpl::forward(const at::Tensor& query, const at::Tensor& memory,
                                           const at::Tensor& mask, at::Tensor* weights_out,
                                           AttentionCache* cache) {
    const int64_t batch = query.size(0), q_len = query.size(1);
    at::Tensor q, k, v;
    if (self_attention_) {
        const auto qkv = in_proj_->forward(query).chunk(3, -1);
        q = split_heads(qkv[0]);
        k = split_heads(qkv[1]);
        v = split_heads(qkv[2]);
        if (cache) {
            if (cache->keys.defined()) {
                k = at::cat({cache->keys, k}, 2);
                v = at::cat({cache->values, v}, 2);
            }
            cache->keys = k;
            cache->values = v;
        }
    } else {
        q = split_heads(in_proj_->forward(query));
        if (cache && cache->keys.defined()) {
            k = cache->keys;
            v = cache->values;
        } else {
            const auto kv = kv_proj_->forward(memory).chunk(2, -1);
            k = split_heads(kv[0]);
            v = split_heads(kv[1]);
            if (cache) cache->keys = k, cache->values = v;
        }
    }

    // Several query rows per memory row: they become more query positions of that row, so
    // the memory's keys and values are neither copied nor projected once per query row.
    const int64_t group = q.size(0) / std::max<int64_t>(1, k.size(0));
    if (group > 1)
        q = q.view({k.size(0), group, heads_, q_len, d_head_})
                .transpose(1, 2)
                .reshape({k.size(0), heads_, group * q_len, d_head_});

    const double dropout = is_training() ? attention_dropout_ : 0.0;
    at::Tensor context;  // [B, H, Tq, dh]
#if TORCH_VERSION_MAJOR >= 2
    // On the CPU the fused kernel's own dropout would draw from LibTorch's generator instead
    // of fast_dropout's counter, losing deterministic masks and exact resume: with attention
    // dropout in training, the explicit path runs there, as it does when weights are asked
    // for. A GPU's dropout draws from LibTorch's generator anyway (its state is checkpointed).
    if (!weights_out && (dropout == 0 || !q.device().is_cpu()))
        context = fused_attention(q, k, v, mask, dropout);
#endif
    if (!context.defined()) context = explicit_attention(q, k, v, mask, dropout, weights_out);
    if (group > 1) {
        const auto per_row = [&](const at::Tensor& t) {
            return t.view({k.size(0), heads_, group, q_len, t.size(-1)})
                .transpose(1, 2)
                .reshape({batch, heads_, q_len, t.size(-1)});
        };
        context = per_row(context);
        if (weights_out) *weights_out = per_row(*weights_out);
    }
    if (head_mask_.defined()) context = context * head_mask_.view({1, heads_, 1, 1});
    context = context.transpose(1, 2).reshape({batch, q_len, d_model_});
    return out_proj_->forward(context);
}

}  // namespace tfw
