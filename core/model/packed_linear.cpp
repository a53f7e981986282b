#include "core/model/packed_linear.h"

#include <ATen/ATen.h>
#include <ATen/Parallel.h>

#include "core/model/int8_linear.h"
#include "core/model/one_row_product.h"
#include "core/model/onednn_linear.h"

namespace tfw {

void PackedWeights::pack(const at::Tensor& weight, const at::Tensor& bias, WeightPacking packing) {
    TORCH_CHECK(weight.device().is_cpu(), "packed weights are for the CPU");
    if (packing == WeightPacking::Int8) {
        TORCH_CHECK(int8_supported(), "this LibTorch has no quantized engine for int8");
        int8_ = pack_int8(weight, bias);
        return;
    }
    TORCH_CHECK(onednn_packing_supported(weight.scalar_type()),
                "this build cannot pack these weights for oneDNN");
    onednn_ = pack_onednn(weight);
    const int64_t out = weight.size(0), in = weight.size(1);
    if (weight.scalar_type() != at::kFloat || !one_row_product_supported(in)) return;
    if (onednn_packs_in_tiles(in, out))
        one_row_ = onednn_;
    else if (at::get_num_threads() == 1)  // a copy of its own only where it will serve
        one_row_ = pack_for_one_row(weight);
}

at::Tensor PackedWeights::multiply(const at::Tensor& input, const at::Tensor& weight,
                                   const at::Tensor& bias, FusedActivation activation,
                                   const at::Tensor& residual) const {
    if (!int8_.isNone()) return with_residual(int8_linear(input, int8_, activation), residual);
    const int64_t rows = input.numel() / input.size(-1);
    // One row on one thread: tiles read once, with nothing to set up (one_row_product.h).
    if (one_row_.defined() && rows == 1 && at::get_num_threads() == 1 &&
        input.scalar_type() == at::kFloat)
        return one_row_linear(input, one_row_, weight.size(0), bias, activation, residual);
    if (onednn_.defined() && packed_product_pays(rows, input.scalar_type()))
        return onednn_linear(input, onednn_, bias, activation, residual);
    const at::Tensor product = at::linear(input, weight, bias);
    const at::Tensor activated = activation == FusedActivation::Relu ? at::relu(product) : product;
    return residual.defined() ? residual + activated : activated;
}

at::Tensor PackedLinearImpl::forward(const at::Tensor& input) {
    return packed_.multiply(input, weight, bias, FusedActivation::None, {});
}

at::Tensor PackedLinearImpl::forward_relu(const at::Tensor& input) {
    return packed_.multiply(input, weight, bias, FusedActivation::Relu, {});
}

at::Tensor PackedLinearImpl::forward_add(const at::Tensor& input, const at::Tensor& residual) {
    return packed_.multiply(input, weight, bias, FusedActivation::None, residual);
}

void PackedLinearImpl::pack(WeightPacking packing) {
    packed_.pack(weight, bias, packing);
}

}  // namespace tfw
