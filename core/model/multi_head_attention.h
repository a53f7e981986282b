#pragma once
// Multi-head scaled dot-product attention: softmax(Q K^T / sqrt(d_head) + bias + mask) V.
// Self-attention projects Q, K and V with one fused matrix; cross-attention projects
// K and V of the encoder memory with one fused matrix. With fewer key/value heads than
// heads (grouped-query attention), heads/kv_heads consecutive heads share one key/value head.
// Self-attention carries the positions of rope (rotated queries and keys) and alibi (a bias
// on the scores); cross-attention has none.

#include <torch/nn/module.h>
#include <torch/nn/modules/linear.h>

#include <optional>
#include <vector>

#include "core/model/model_options.h"
#include "core/model/norm.h"
#include "core/model/packed_linear.h"
#include "core/model/rotary_embedding.h"

namespace tfw {

// Keys and values computed so far, for step-by-step decoding. Self-attention keeps them in
// buffers with room to grow (doubling), so that a step writes its keys instead of copying all.
struct AttentionCache {
    at::Tensor keys, values;  // [batch, kv_heads, capacity, d_head]
    int64_t length = 0;       // positions filled (self-attention; rows at their own: the furthest)
    // Self-attention of rows at positions of their own (a search that starts new inputs in
    // the rows that finished): this step's position of each row, [batch] long, set by
    // TransformerModelImpl::decode_step. A row writes its keys there and attends to the keys
    // before it; the caller masks the rest. Undefined: every row at `length`.
    at::Tensor positions;
    // Self-attention whose rows are reordered without moving keys and values (a beam search
    // on the CPU: DecoderCache::follow_origins, set by decode_step): the row of `keys` and
    // `values` that holds each row's key at each position, [rows, capacity] long. A row writes
    // its new keys into its own row of the buffers, which outlive reorders; the buffers keep
    // their rows as inputs leave. Undefined: row b's keys are in row b.
    bool follow_origins = false;
    at::Tensor origins;
};

struct MultiHeadAttentionImpl : torch::nn::Module {
    MultiHeadAttentionImpl(const ModelOptions& options, bool self_attention);

    // query [B, Tq, d]; memory [B, Tk, d] (cross-attention only, else undefined);
    // mask additive, broadcastable to [B, heads, Tq, Tk] (0 or -inf), or undefined.
    // Cross-attention also takes query rows that are g consecutive rows per memory row
    // (B = g × memory rows: a beam's hypotheses of one input), mask then per memory row.
    // weights_out, when given, receives the attention weights [B, heads, Tq, Tk].
    // cache, when given, makes this an incremental step: self-attention appends this
    // step's keys/values; cross-attention computes them once and reuses them.
    // residual, when given, is added to the output (by the output projection as it writes it).
    at::Tensor forward(const at::Tensor& query, const at::Tensor& memory, const at::Tensor& mask,
                       at::Tensor* weights_out = nullptr, AttentionCache* cache = nullptr,
                       const at::Tensor& residual = {});

    // 1 keeps a head, 0 silences its output (head-masking experiments); undefined = all on.
    void set_head_mask(at::Tensor mask) { head_mask_ = std::move(mask); }

    int64_t heads() const { return heads_; }

    // Cross-attention's keys and values of `memory` [B, S, d], each [B, kv_heads, S, d_head]:
    // what a decoding step computes once and keeps in its cache.
    std::pair<at::Tensor, at::Tensor> memory_keys_values(const at::Tensor& memory);

  private:
    at::Tensor split_heads(const at::Tensor& x, int64_t heads) const;  // -> [B, heads, T, dh]
    at::Tensor expand_kv(const at::Tensor& x) const;  // [B, kv_heads, T, dh] -> [B, heads, ..]
    // Appends this step's keys and values to the cache; returns all of them.
    std::pair<at::Tensor, at::Tensor> append(AttentionCache& cache, const at::Tensor& k,
                                             const at::Tensor& v) const;
    // The same for one step of rows at their own positions (cache.positions).
    std::pair<at::Tensor, at::Tensor> append_at_positions(AttentionCache& cache,
                                                          const at::Tensor& k,
                                                          const at::Tensor& v) const;
    // Zeroes the positions [length, end) of a cache whose rows are at positions of their own.
    void zero_new_positions(AttentionCache& cache, int64_t end) const;
    // Room for `end` positions of `rows` rows in the cache's buffers, keeping what is filled.
    void reserve(AttentionCache& cache, int64_t end, int64_t rows,
                 const at::TensorOptions& options) const;
    // A decoding step of one token per row on the CPU that is nothing but the products and
    // step attention's loops (no rope, alibi, qk-norm, shared key/value heads or head mask;
    // rows at positions of their own read their keys up to theirs): no per-head views,
    // copies or masks, whose LibTorch calls cost as much as the products when one sentence is
    // decoded at a time.
    bool plain_step_applies(const at::Tensor& query, const at::Tensor& mask,
                            const AttentionCache& cache) const;
    // Undefined when the cache's rows do not fit such a step after all.
    at::Tensor plain_step(const at::Tensor& query, const at::Tensor& memory, const at::Tensor& mask,
                          AttentionCache& cache, const at::Tensor& residual);
    // residual + out_proj(context), or out_proj(context) when residual is undefined.
    at::Tensor project_out(const at::Tensor& context, const at::Tensor& residual);
    // This step's keys and values, in qkv [rows, 1, 3d], into the cache at its length (rows
    // at positions of their own: at theirs); the caller moves the length on.
    void write_step_keys(AttentionCache& cache, const at::Tensor& qkv) const;

    int64_t d_model_, heads_, kv_heads_, d_head_;
    double attention_dropout_;
    bool self_attention_;
    Positional positional_;
    PackedLinear in_proj_{nullptr};  // self: d -> (heads + 2 kv_heads) dh; cross: d -> d
    PackedLinear kv_proj_{nullptr};  // cross only: d -> 2 kv_heads dh (k,v)
    PackedLinear out_proj_{nullptr};
    Norm q_norm_{nullptr}, k_norm_{nullptr};  // qk_norm: RMSNorm over d_head
    std::optional<RotaryEmbedding> rotary_;
    std::vector<double> alibi_slopes_;
    at::Tensor head_mask_;
};
TORCH_MODULE(MultiHeadAttention);

}  // namespace tfw
