#pragma once
// Attention of a few query rows per sequence on the CPU: the shape of every decoding step
// (one new token, or a beam's hypotheses of one input against its encoder output).
//
// There at::matmul multiplies one tiny matrix per batch row and head: with Debian's LibTorch
// 1.13 a separate BLAS call and tensor views for each (64 inputs x 8 heads: 512 calls, about
// 0.85 us each), which cost more than the model's linear layers. These loops compute the same
// products directly on the tensors' memory, and the softmax between them one query row at a
// time (its scores stay in the cache).

#include <ATen/core/Tensor.h>

namespace tfw {

// Whether step_attention computes softmax(q k^T / sqrt(dh) + bias) v for these tensors: fp32
// or bf16 (summed in fp32) on the CPU, no gradient wanted, at most kStepAttentionRows query
// rows, each head's vectors contiguous (any other strides).
constexpr int64_t kStepAttentionRows = 16;
bool step_attention_applies(const at::Tensor& q, const at::Tensor& k, const at::Tensor& v,
                            const at::Tensor& bias, const at::Tensor& origins = {});

// q [B, H, M, dh], k and v [B, H, T, dh], bias additive and broadcastable to [B, H, M, T] (or
// undefined): the context [B, H, M, dh]. With origins [B, T] (long), row b's key and value
// at position t are in row origins[b][t] of k and v, which may have more rows than q.
at::Tensor step_attention(const at::Tensor& q, const at::Tensor& k, const at::Tensor& v,
                          const at::Tensor& bias, const at::Tensor& origins = {});

// The same over the first `keys` positions of k and v (buffers with room for more; origins,
// when defined, [B, >= keys]), the context merged into the next product's input: [B, M,
// H * dh] in q's type. With positions [B] (long, rows at positions of their own), row b reads
// only its keys up to positions[b], as a mask of -inf past it would make it. The caller checks
// what step_attention_applies checks.
at::Tensor step_attention_merged(const at::Tensor& q, const at::Tensor& k, const at::Tensor& v,
                                 int64_t keys, const at::Tensor& bias, const at::Tensor& origins,
                                 const at::Tensor& positions = {});

}  // namespace tfw
