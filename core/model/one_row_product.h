#pragma once
// A product of one row (a decoding step one input at a time) with fp32 weights in tiles of 64
// outputs: the tile's weights for all inputs contiguous, 64 floats per input (oneDNN's AB16b64a
// layout, which it packs fp32 weights in on AVX-512 CPUs). One row's step is bound by reading
// the weights; this loop streams each tile once with nothing to set up, where oneDNN's
// primitive read the same weights 7-17% slower (docs/performance.md). Each output sums its
// inputs in order in one fused multiply-add chain and adds the bias last, as oneDNN's kernel
// does: with inputs a multiple of 16, the results are the same bits as oneDNN's.

#include <ATen/core/Tensor.h>

#include "core/model/fused_activation.h"

namespace tfw {

// Whether this CPU runs one_row_product (AVX-512) on weights of `inputs` inputs.
bool one_row_product_supported(int64_t inputs);

// fp32 weights [out, in] in tiles for one_row_product: [ceil(out / 64), in, 64] floats,
// the last tile's missing outputs zero.
at::Tensor pack_for_one_row(const at::Tensor& weight);

// out[outputs] = activation(x[inputs] times the tiled weights `tiles` plus `bias`) plus
// `residual` (bias and residual may be null; a residual is not activated).
void one_row_product(const float* x, int64_t inputs, const float* tiles, int64_t outputs,
                     const float* bias, FusedActivation activation, const float* residual,
                     float* out);

// The same for tensors: input [..., in] of one row (fp32), `tiles` the weights [out, in] as
// pack_for_one_row lays them out (any tensor holding them), bias [out] and residual [..., out]
// undefined or fp32: [..., out].
at::Tensor one_row_linear(const at::Tensor& input, const at::Tensor& tiles, int64_t outputs,
                          const at::Tensor& bias, FusedActivation activation,
                          const at::Tensor& residual);

}  // namespace tfw
