#pragma once
// Products of a few rows (a decoding step of one input: greedy's one row, a beam's few) with
// fp32 weights in tiles of 64 outputs: the tile's weights for all inputs contiguous, 64 floats
// per input (oneDNN's AB16b64a layout, which it packs fp32 weights in on AVX-512 CPUs). Such a
// step is bound by reading the weights; this loop streams each tile once for all the rows with
// nothing to set up, where oneDNN's primitive read one row's weights 7-17% slower
// (docs/performance.md). Each output sums its inputs in order in one fused multiply-add chain
// and adds the bias last, as oneDNN's kernel does: with inputs a multiple of 16, the results are
// the same bits as oneDNN's. With more than one thread, helper threads take some of the tiles
// (helper_threads.h); the results do not depend on which thread computed a tile.

#include <ATen/core/Tensor.h>

#include "core/model/fused_activation.h"

namespace tfw {

// Rows a tiled product takes at most (beyond, a GEMM's blocking pays).
constexpr int64_t kMostTiledRows = 8;

// Whether this CPU runs tiled_product (AVX-512) on weights of `inputs` inputs.
bool tiled_product_supported(int64_t inputs);

// fp32 weights [out, in] in tiles for tiled_product: [ceil(out / 64), in, 64] floats, the last
// tile's missing outputs zero.
at::Tensor pack_in_tiles(const at::Tensor& weight);

// out[r][outputs] = activation(x[r][inputs] times the tiled weights `tiles` plus `bias`) plus
// residual[r] for each of `rows` (at most kMostTiledRows) contiguous rows; bias and residual
// may be null, a residual is not activated.
void tiled_product(const float* x, int64_t rows, int64_t inputs, const float* tiles,
                   int64_t outputs, const float* bias, FusedActivation activation,
                   const float* residual, float* out);

// The same for tensors: input [..., in] of at most kMostTiledRows rows (fp32), `tiles` the
// weights [out, in] as pack_in_tiles lays them out (any tensor holding them), bias [out] and
// residual [..., out] undefined or fp32: [..., out].
at::Tensor tiled_linear(const at::Tensor& input, const at::Tensor& tiles, int64_t outputs,
                        const at::Tensor& bias, FusedActivation activation,
                        const at::Tensor& residual);

}  // namespace tfw
