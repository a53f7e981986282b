#pragma once
// Products of a few rows (a decoding step of one input: greedy's one row, a beam's few) with
// fp32 or bf16 weights in tiles of 64 outputs: the tile's weights for all inputs contiguous, 64
// floats per input (oneDNN's AB16b64a layout, which it packs fp32 weights in on AVX-512 CPUs)
// or 64 pairs of bf16 per pair of inputs (AB16b64a2b, its bf16 layout with AVX-512 BF16). Such a
// step is bound by reading the weights; this loop streams each tile once for all the rows with
// nothing to set up, where oneDNN's primitive read one row's weights 7-17% slower
// (docs/performance.md). Each output sums its inputs in order in one fused multiply-add chain
// and adds the bias last, as oneDNN's kernel does (bf16: pairs of inputs in AVX-512 BF16's dot
// product, rounded once): with inputs a multiple of 16 (bf16: 32), the results are the same bits
// as oneDNN's. fp32 runs with AVX-512 or, on CPUs without it, with AVX2 (half a tile at a time,
// the same sums in the same order: the same bits). With more than one thread, helper threads
// take some of the tiles (helper_threads.h); the results do not depend on which thread computed
// a tile.

#include <ATen/core/Tensor.h>

#include "core/model/fused_activation.h"

namespace tfw {

// Rows a tiled product takes at most (beyond, a GEMM's blocking pays): bf16, and fp32 where
// oneDNN's own primitive multiplies the same tiles (Debian's 1.13).
constexpr int64_t kMostTiledRows = 8;
// fp32 rows the tiles take at most against LibTorch 2.x's boxed oneDNN operator, which they beat
// up to a batch of 64 to 128 decoding rows (docs/performance.md).
constexpr int64_t kMostTiledFp32Rows = 128;

// Whether this CPU multiplies weights of `inputs` inputs of this type in tiles (fp32: AVX-512 or
// AVX2 with FMA, inputs a multiple of 16; bf16: AVX-512 BF16, a multiple of 32).
bool tiled_product_supported(int64_t inputs, at::ScalarType type);

// Weights [out, in] in tiles for tiled_linear: fp32 [ceil(out / 64), in, 64], bf16
// [ceil(out / 64), in / 2, 64, 2], the last tile's missing outputs zero.
at::Tensor pack_in_tiles(const at::Tensor& weight);

// activation(input times the tiled weights plus bias) plus residual: input [..., in] of at most
// kMostTiledRows rows (fp32: kMostTiledFp32Rows), fp32 or bf16, `tiles` the weights [out, in] of
// its type as pack_in_tiles lays them out (any tensor holding them), bias [out] and residual [...,
// out] undefined or of its type (a residual is not activated): [..., out]. A bf16 residual is added
// to the rounded product and rounded again, as adding two bf16 tensors does.
at::Tensor tiled_linear(const at::Tensor& input, const at::Tensor& tiles, int64_t outputs,
                        const at::Tensor& bias, FusedActivation activation,
                        const at::Tensor& residual);

}  // namespace tfw
