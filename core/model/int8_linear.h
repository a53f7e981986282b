#pragma once
// Products with int8 weights, for faster decoding where there are no int8 tiles (PackedLinear's
// int8 packing; with AVX-512 VNNI or AVX2 it uses int8_tiles.h): LibTorch's dynamic quantization (weights int8
// per output row, each input quantized on the fly, products summed in int32, the result fp32).

#include <ATen/core/Tensor.h>
#include <ATen/core/ivalue.h>

#include "core/model/fused_activation.h"

namespace tfw {

// Whether int8 decoding runs here: this CPU multiplies int8 tiles (AVX-512 VNNI or AVX2,
// int8_tiles.h)
// or this LibTorch has FBGEMM.
bool int8_supported();
// Whether int8 packing multiplies in int8 tiles (int8_tiles.h) rather than through FBGEMM: with
// VNNI always, on 512 bits or on 256 (faster than FBGEMM on 512, AMX where the CPU has it; on 256
// it multiplies bytes as FBGEMM does, in one instruction for its three); with AVX2 alone only
// where this LibTorch has no FBGEMM (Debian's 1.13), since AVX2's tiles widen every product to
// 16 bits where FBGEMM's AVX2 kernels multiply bytes (with 7-bit inputs).
bool int8_tiles_chosen(int64_t inputs);
// Whether this LibTorch has FBGEMM for int8 linear layers (PyTorch's LibTorch 2.x does,
// Debian's 1.13 does not). Chooses the engine for the process on first call.
bool fbgemm_int8_supported();

// `weight` [out, in] and optional `bias` packed for int8_linear.
c10::IValue pack_int8(const at::Tensor& weight, const at::Tensor& bias);
// input [..., in] times the packed weights, then `activation`: [..., out], fp32.
at::Tensor int8_linear(const at::Tensor& input, const c10::IValue& packed,
                       FusedActivation activation = FusedActivation::None);

}  // namespace tfw
