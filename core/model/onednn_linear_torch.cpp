// onednn_linear.h with LibTorch's own oneDNN operators (PyTorch's LibTorch 2.x), found through
// the dispatcher at run time. Builds that link the oneDNN library use onednn_linear_dnnl.cpp.
#ifndef TFW_HAVE_DNNL

#include "core/model/onednn_linear.h"

#include <ATen/ATen.h>
#include <ATen/core/dispatch/Dispatcher.h>

#include <string>
#include <vector>

namespace tfw {
namespace {

// The rows a product is packed for: a batch of 64 inputs decoding one step (the default
// batch). Other row counts multiply correctly, a little slower.
constexpr int64_t kRowsHint = 64;

c10::optional<c10::OperatorHandle> find_op(const char* name) {
    return c10::Dispatcher::singleton().findSchema({name, ""});
}

}  // namespace

bool onednn_operators_present() {
    return find_op("mkldnn::_reorder_linear_weight") && find_op("mkldnn::_linear_pointwise");
}

// LibTorch's packed weights are its own, in a layout it does not say.
bool onednn_packs_in_tiles(int64_t, int64_t, at::ScalarType) {
    return false;
}

at::Tensor pack_onednn(const at::Tensor& weight) {
    std::vector<c10::IValue> stack{weight.detach().contiguous(), c10::optional<int64_t>(kRowsHint)};
    find_op("mkldnn::_reorder_linear_weight")->callBoxed(&stack);
    return stack.front().toTensor();
}

at::Tensor onednn_linear(const at::Tensor& input, const at::Tensor& packed, const at::Tensor& bias,
                         FusedActivation activation, const at::Tensor& residual) {
    const auto sizes = input.sizes().vec();
    std::vector<c10::IValue> stack{
        input.reshape({-1, sizes.back()}).contiguous(),
        packed,
        bias.defined() ? c10::optional<at::Tensor>(bias) : c10::optional<at::Tensor>(),
        std::string(activation == FusedActivation::Relu ? "relu" : "none"),
        c10::List<c10::optional<at::Scalar>>(),
        c10::optional<std::string>(std::string())};
    find_op("mkldnn::_linear_pointwise")->callBoxed(&stack);
    at::Tensor out = stack.front().toTensor();
    std::vector<int64_t> shape(sizes.begin(), sizes.end() - 1);
    shape.push_back(out.size(-1));
    return with_residual(out.view(shape), residual);
}

}  // namespace tfw

#endif  // TFW_HAVE_DNNL
