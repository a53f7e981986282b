#pragma once
// Linear layers whose weights are reordered once into oneDNN's blocked layout, for decoding on
// the CPU. A plain product (MKL or OpenBLAS) repacks the weight matrix on every call, which at
// decoding's few rows per step is much of its time (docs/performance.md). With LibTorch 2.x
// the products are LibTorch's own oneDNN operators (mkldnn::_linear_pointwise, found at run
// time: onednn_linear_torch.cpp); Debian's 1.13 has none, and there the oneDNN library itself
// (libdnnl-dev, TFW_HAVE_DNNL: onednn_linear_dnnl.cpp) does the same.

#include <ATen/core/Tensor.h>

#include "core/model/fused_activation.h"

namespace tfw {

// Whether weights of this type (fp32 or bf16) can be packed and multiplied in oneDNN's layout
// in this build on this CPU.
bool onednn_packing_supported(at::ScalarType type = at::kFloat);
// Whether the oneDNN operators this build multiplies with are there at all.
bool onednn_operators_present();
// Whether a packed product of `rows` rows of this type is faster than the plain one with the
// threads it would run on (several, unless inside a parallel region): not on several threads
// for a few rows, nor for fp32 with the oneDNN library; on one thread not for a few fp32 rows
// with LibTorch 2.x's operators.
bool packed_product_pays(int64_t rows, at::ScalarType type);

// `weight` [out, in], fp32 or bf16, on the CPU, packed for onednn_linear.
at::Tensor pack_onednn(const at::Tensor& weight);
// Whether pack_onednn lays out weights [out, in] of this type as tiled_product's tiles (then the
// same packed weights serve a few rows).
bool onednn_packs_in_tiles(int64_t in, int64_t out, at::ScalarType type);

// input [..., in] (the packed weight's type) times the packed weight plus `bias` (may be
// undefined), then `activation`, plus `residual` (undefined: none; not activated): [..., out].
at::Tensor onednn_linear(const at::Tensor& input, const at::Tensor& packed, const at::Tensor& bias,
                         FusedActivation activation = FusedActivation::None,
                         const at::Tensor& residual = {});

// result + residual (undefined: result), into `result` where the shapes are the same: for
// products whose result is their own.
at::Tensor with_residual(at::Tensor result, const at::Tensor& residual);

}  // namespace tfw
