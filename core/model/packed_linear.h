#pragma once
// A linear layer whose weights can be packed once for faster decoding on the CPU: as int8
// (int8_tiles.h with AVX-512 VNNI or AVX2, else LibTorch's dynamic quantization, int8_linear.h), in
// oneDNN's blocked layout in their own number format (onednn_linear.h), and fp32 in tiles for a few
// rows (tiled_product.h). Until pack() it is exactly torch::nn::Linear, with the same parameter
// names, so checkpoints are unchanged.

#include <ATen/core/ivalue.h>
#include <torch/nn/modules/linear.h>

#include "core/model/fused_activation.h"
#include "core/model/int8_tiles.h"

namespace tfw {

enum class WeightPacking {
    Int8,    // requires int8_supported()
    Onednn,  // requires onednn_packing_supported()
    Tiles,   // fp32 tiles for a few rows alone (where tiled_product runs); more rows unpacked
};

// Weights [out, in] packed once for the products of decoding on the CPU, in whichever forms
// serve: int8, oneDNN's layout, tiles for a few rows (tiled_product.h). Used by PackedLinear and by
// a model's output projection tied to its embedding.
class PackedWeights {
  public:
    // Packs `weight` (with `bias`, which int8 keeps with its weights; may be undefined).
    void pack(const at::Tensor& weight, const at::Tensor& bias, WeightPacking packing);

    // activation(input times weight + bias) + residual (undefined: none), with the packed
    // weights where they serve these rows, else with `weight` itself.
    at::Tensor multiply(const at::Tensor& input, const at::Tensor& weight, const at::Tensor& bias,
                        FusedActivation activation, const at::Tensor& residual) const;

  private:
    Int8Tiles int8_tiles_;
    c10::IValue int8_;  // LibTorch's packed int8 weights, where there are no int8 tiles
    at::Tensor onednn_;
    // fp32 weights in tiled_product's tiles (onednn_ itself where its layout is theirs).
    at::Tensor tiles_;
};

class PackedLinearImpl : public torch::nn::LinearImpl {
  public:
    using torch::nn::LinearImpl::LinearImpl;

    at::Tensor forward(const at::Tensor& input);
    // relu(forward(input)), the relu applied by the packed product as it writes its result.
    at::Tensor forward_relu(const at::Tensor& input);
    // residual + forward(input): a packed product of one row adds it as it writes its result.
    at::Tensor forward_add(const at::Tensor& input, const at::Tensor& residual);
    // Packs the weights (on the CPU); forward multiplies with the packed ones from then on.
    void pack(WeightPacking packing);

  private:
    PackedWeights packed_;
};
TORCH_MODULE(PackedLinear);

}  // namespace tfw
