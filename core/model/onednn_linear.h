#pragma once
// Linear layers whose weights are reordered once into oneDNN's blocked layout, for decoding on
// the CPU. A plain product (MKL or OpenBLAS) repacks the weight matrix on every call, which at
// decoding's few rows per step is much of its time (docs/performance.md). Needs
// LibTorch 2.x with oneDNN (the mkldnn::_linear_pointwise operator, found at run time); Debian's
// 1.13 has none.

#include <ATen/core/Tensor.h>

namespace tfw {

// Whether this LibTorch packs and multiplies weights in oneDNN's layout on this CPU.
bool onednn_packing_supported();

// `weight` [out, in], fp32 or bf16, on the CPU, packed for onednn_linear.
at::Tensor pack_onednn(const at::Tensor& weight);

// input [..., in] (the packed weight's type) times the packed weight plus `bias` (may be
// undefined): [..., out].
at::Tensor onednn_linear(const at::Tensor& input, const at::Tensor& packed, const at::Tensor& bias);

}  // namespace tfw
