#pragma once
// A linear layer that can also multiply with int8 weights, for faster decoding on the CPU:
// LibTorch's dynamic quantization (weights int8 per output row, each input quantized on the
// fly, products summed in int32, the result in fp32). Until quantize() it is exactly
// torch::nn::Linear, with the same parameter names, so checkpoints are unchanged.

#include <ATen/core/ivalue.h>
#include <torch/nn/modules/linear.h>

namespace tfw {

class Int8LinearImpl : public torch::nn::LinearImpl {
  public:
    using torch::nn::LinearImpl::LinearImpl;

    at::Tensor forward(const at::Tensor& input);
    // Packs the weights as int8; forward multiplies with them from then on. Requires
    // int8_supported(); the layer must be on the CPU.
    void quantize();
    bool quantized() const { return !packed_.isNone(); }

  private:
    c10::IValue packed_;
};
TORCH_MODULE(Int8Linear);

// Whether this LibTorch has FBGEMM for int8 linear layers (PyTorch's LibTorch 2.x does,
// Debian's 1.13 does not). Chooses the engine for the process on first call.
bool int8_supported();

// `weight` [out, in] and optional `bias` packed for int8_linear.
c10::IValue pack_int8(const at::Tensor& weight, const at::Tensor& bias);
// input [..., in] times the packed weights: [..., out], fp32.
at::Tensor int8_linear(const at::Tensor& input, const c10::IValue& packed);

}  // namespace tfw
