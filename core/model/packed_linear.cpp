#include "core/model/packed_linear.h"

#include <ATen/ATen.h>

#include "core/model/int8_linear.h"
#include "core/model/onednn_linear.h"

namespace tfw {

at::Tensor PackedLinearImpl::forward(const at::Tensor& input) {
    if (!int8_.isNone()) return int8_linear(input, int8_);
    if (onednn_.defined() &&
        packed_product_pays(input.numel() / input.size(-1), input.scalar_type()))
        return onednn_linear(input, onednn_, bias);
    return LinearImpl::forward(input);
}

at::Tensor PackedLinearImpl::forward_relu(const at::Tensor& input) {
    if (!int8_.isNone()) return int8_linear(input, int8_, FusedActivation::Relu);
    if (onednn_.defined() &&
        packed_product_pays(input.numel() / input.size(-1), input.scalar_type()))
        return onednn_linear(input, onednn_, bias, FusedActivation::Relu);
    return at::relu(forward(input));
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
