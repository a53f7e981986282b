#pragma once
// Products with int8 weights, for faster decoding on CPUs without AVX-512 VNNI (PackedLinear's
// int8 packing; with VNNI it uses int8_tiles.h): LibTorch's dynamic quantization (weights int8
// per output row, each input quantized on the fly, products summed in int32, the result fp32).

#include <ATen/core/Tensor.h>
#include <ATen/core/ivalue.h>

#include "core/model/fused_activation.h"

namespace tfw {

// Whether int8 decoding runs here: this CPU multiplies int8 tiles (AVX-512 VNNI, int8_tiles.h)
// or this LibTorch has FBGEMM.
bool int8_supported();
// Whether this LibTorch has FBGEMM for int8 linear layers (PyTorch's LibTorch 2.x does,
// Debian's 1.13 does not). Chooses the engine for the process on first call.
bool fbgemm_int8_supported();

// `weight` [out, in] and optional `bias` packed for int8_linear.
c10::IValue pack_int8(const at::Tensor& weight, const at::Tensor& bias);
// input [..., in] times the packed weights, then `activation`: [..., out], fp32.
at::Tensor int8_linear(const at::Tensor& input, const c10::IValue& packed,
                       FusedActivation activation = FusedActivation::None);

}  // namespace tfw
