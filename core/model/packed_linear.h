#pragma once
// A linear layer whose weights can be packed once for faster decoding on the CPU: as int8
// (LibTorch's dynamic quantization, int8_linear.h) or in oneDNN's blocked layout in their own
// number format (onednn_linear.h). Until pack() it is exactly torch::nn::Linear, with the same
// parameter names, so checkpoints are unchanged.

#include <ATen/core/ivalue.h>
#include <torch/nn/modules/linear.h>

namespace tfw {

enum class WeightPacking {
    Int8,    // requires int8_supported()
    Onednn,  // requires onednn_packing_supported()
};

class PackedLinearImpl : public torch::nn::LinearImpl {
  public:
    using torch::nn::LinearImpl::LinearImpl;

    at::Tensor forward(const at::Tensor& input);
    // relu(forward(input)), the relu applied by the packed product as it writes its result.
    at::Tensor forward_relu(const at::Tensor& input);
    // Packs the weights (on the CPU); forward multiplies with the packed ones from then on.
    void pack(WeightPacking packing);

  private:
    c10::IValue int8_;
    at::Tensor onednn_;
};
TORCH_MODULE(PackedLinear);

}  // namespace tfw
