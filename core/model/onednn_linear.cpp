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

bool onednn_packing_supported() {
    static const bool supported = [] {
        if (!find_op("mkldnn::_reorder_linear_weight") || !find_op("mkldnn::_linear_pointwise"))
            return false;
        try {  // listed but not built for this CPU: a small product says so
            const at::Tensor w = at::ones({2, 4});
            const at::Tensor y = onednn_linear(at::ones({1, 4}), pack_onednn(w), at::Tensor());
            return y.sizes() == at::IntArrayRef{1, 2} && y.eq(4).all().item<bool>();
        } catch (const std::exception&) {
            return false;
        }
    }();
    return supported;
}

at::Tensor pack_onednn(const at::Tensor& weight) {
    std::vector<c10::IValue> stack{weight.detach().contiguous(), c10::optional<int64_t>(kRowsHint)};
    find_op("mkldnn::_reorder_linear_weight")->callBoxed(&stack);
    return stack.front().toTensor();
}

at::Tensor onednn_linear(const at::Tensor& input, const at::Tensor& packed,
                         const at::Tensor& bias) {
    const auto sizes = input.sizes().vec();
    std::vector<c10::IValue> stack{
        input.reshape({-1, sizes.back()}).contiguous(),
        packed,
        bias.defined() ? c10::optional<at::Tensor>(bias) : c10::optional<at::Tensor>(),
        std::string("none"),
        c10::List<c10::optional<at::Scalar>>(),
        c10::optional<std::string>(std::string())};
    find_op("mkldnn::_linear_pointwise")->callBoxed(&stack);
    at::Tensor out = stack.front().toTensor();
    std::vector<int64_t> shape(sizes.begin(), sizes.end() - 1);
    shape.push_back(out.size(-1));
    return out.view(shape);
}

}  // namespace tfw
