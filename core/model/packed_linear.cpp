#include "core/model/packed_linear.h"

#include <ATen/ATen.h>

#include "core/model/int8_linear.h"
#include "core/model/onednn_linear.h"

namespace tfw {

namespace {

// The product with whichever weights are packed (int8, oneDNN's layout, or none: the plain
// weights), then `activation`.
at::Tensor multiply(const at::Tensor& input, const c10::IValue& int8, const at::Tensor& onednn,
                    const at::Tensor& weight, const at::Tensor& bias, FusedActivation activation) {
    if (!int8.isNone()) return int8_linear(input, int8, activation);
    if (onednn.defined() &&
        packed_product_pays(input.numel() / input.size(-1), input.scalar_type()))
        return onednn_linear(input, onednn, bias, activation);
    const at::Tensor product = at::linear(input, weight, bias);
    return activation == FusedActivation::Relu ? at::relu(product) : product;
}

}  // namespace

at::Tensor PackedLinearImpl::forward(const at::Tensor& input) {
    return multiply(input, int8_, onednn_, weight, bias, FusedActivation::None);
}

at::Tensor PackedLinearImpl::forward_relu(const at::Tensor& input) {
    return multiply(input, int8_, onednn_, weight, bias, FusedActivation::Relu);
}

void PackedLinearImpl::pack(WeightPacking packing) {
    TORCH_CHECK(weight.device().is_cpu(), "packed linear layers run on the CPU");
    if (packing == WeightPacking::Int8) {
        TORCH_CHECK(int8_supported(), "this LibTorch has no quantized engine for int8");
        int8_ = pack_int8(weight, bias);
    } else {
        TORCH_CHECK(onednn_packing_supported(weight.scalar_type()),
                    "this build cannot pack these weights for oneDNN");
        onednn_ = pack_onednn(weight);
    }
}

}  // namespace tfw
