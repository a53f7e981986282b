#pragma once
// Multi-head scaled dot-product attention: softmax(Q K^T / sqrt(d_head) + mask) V.
// Self-attention projects Q, K and V with one fused matrix; cross-attention projects
// K and V of the encoder memory with one fused matrix.

#include <torch/nn/module.h>
#include <torch/nn/modules/linear.h>

namespace tfw {

// Keys and values computed so far, for step-by-step decoding.
struct AttentionCache {
    at::Tensor keys, values;  // [batch, heads, len, d_head]
};

struct MultiHeadAttentionImpl : torch::nn::Module {
    MultiHeadAttentionImpl(int64_t d_model, int64_t heads, double attention_dropout,
                           bool self_attention);

    // query [B, Tq, d]; memory [B, Tk, d] (cross-attention only, else undefined);
    // mask additive, broadcastable to [B, heads, Tq, Tk] (0 or -inf), or undefined.
    // Cross-attention also takes query rows that are g consecutive rows per memory row
    // (B = g × memory rows: a beam's hypotheses of one input), mask then per memory row.
    // weights_out, when given, receives the attention weights [B, heads, Tq, Tk].
    // cache, when given, makes this an incremental step: self-attention appends this
    // step's keys/values; cross-attention computes them once and reuses them.
    at::Tensor forward(const at::Tensor& query, const at::Tensor& memory, const at::Tensor& mask,
                       at::Tensor* weights_out = nullptr, AttentionCache* cache = nullptr);

    // 1 keeps a head, 0 silences its output (head-masking experiments); undefined = all on.
    void set_head_mask(at::Tensor mask) { head_mask_ = std::move(mask); }

    int64_t heads() const { return heads_; }

  private:
    at::Tensor split_heads(const at::Tensor& x) const;  // [B, T, d] -> [B, H, T, dh]

    int64_t d_model_, heads_, d_head_;
    double attention_dropout_;
    bool self_attention_;
    torch::nn::Linear in_proj_{nullptr};  // self: d -> 3d (q,k,v); cross: d -> d (q)
    torch::nn::Linear kv_proj_{nullptr};  // cross only: d -> 2d (k,v)
    torch::nn::Linear out_proj_{nullptr};
    at::Tensor head_mask_;
};
TORCH_MODULE(MultiHeadAttention);

}  // namespace tfw
