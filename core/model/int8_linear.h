#pragma once
// Products with int8 weights, for faster decoding on the CPU (PackedLinear's int8 packing):
// LibTorch's dynamic quantization (weights int8 per output row, each input quantized on the
// fly, products summed in int32, the result in fp32).

#include <ATen/core/Tensor.h>
#include <ATen/core/ivalue.h>

#include "core/model/fused_activation.h"

namespace tfw {

// Whether this LibTorch has FBGEMM for int8 linear layers (PyTorch's LibTorch 2.x does,
// Debian's 1.13 does not). Chooses the engine for the process on first call.
bool int8_supported();

// `weight` [out, in] and optional `bias` packed for int8_linear.
c10::IValue pack_int8(const at::Tensor& weight, const at::Tensor& bias);
// input [..., in] times the packed weights, then `activation`: [..., out], fp32.
at::Tensor int8_linear(const at::Tensor& input, const c10::IValue& packed,
                       FusedActivation activation = FusedActivation::None);

}  // namespace tfw
