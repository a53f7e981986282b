#include "core/model/int8_linear.h"

#include <ATen/ATen.h>
#include <ATen/core/dispatch/Dispatcher.h>

#include <algorithm>
#include <vector>

#include "core/device/cpu_features.h"
#include "core/model/int8_tiles.h"

namespace tfw {
namespace {

c10::OperatorHandle op(const char* name) {
    return c10::Dispatcher::singleton().findSchemaOrThrow(name, "");
}

// FBGEMM saturates on CPUs without VNNI unless activations use 7 bits (PyTorch's default).
constexpr bool kReduceRange = true;

// The first engine that packs and multiplies a small matrix here, or NoQEngine. Only FBGEMM
// (directly or as x86's): oneDNN's, the only one in Debian's LibTorch 1.13, compiled a new
// kernel for every call there and decoded slower than fp32.
at::QEngine choose_engine() {
    const auto& supported = at::globalContext().supportedQEngines();
    for (at::QEngine engine : {at::QEngine::X86, at::QEngine::FBGEMM}) {
        if (std::find(supported.begin(), supported.end(), engine) == supported.end()) continue;
        try {
            at::globalContext().setQEngine(engine);
            const at::Tensor w = at::ones({2, 4});
            (void)int8_linear(at::ones({1, 4}), pack_int8(w, at::Tensor()));
            return engine;
        } catch (const std::exception&) {
            // listed but not built in (Debian's 1.13 lists both): try the next
        }
    }
    return at::QEngine::NoQEngine;
}

}  // namespace

bool fbgemm_int8_supported() {
    static const bool supported = choose_engine() != at::QEngine::NoQEngine;
    return supported;
}

bool int8_tiles_chosen(int64_t inputs) {
    return int8_tiles_supported(inputs) &&
           (cpu_features().avx512_vnni || cpu_features().avx_vnni || !fbgemm_int8_supported());
}

bool int8_supported() {
    return int8_tiles_supported(4) || fbgemm_int8_supported();
}

c10::IValue pack_int8(const at::Tensor& weight, const at::Tensor& bias) {
    const at::Tensor w = weight.detach().to(at::kFloat).contiguous();
    // Symmetric per output row: the row's largest magnitude maps to 127.
    const at::Tensor scales = w.abs().amax(1).div(127.0).clamp_min(1e-12).to(at::kDouble);
    const at::Tensor q =
        at::quantize_per_channel(w, scales, at::zeros({w.size(0)}, at::kLong), 0, at::kQInt8);
    std::vector<c10::IValue> stack{
        q, bias.defined() ? c10::optional<at::Tensor>(bias.detach().to(at::kFloat).contiguous())
                          : c10::optional<at::Tensor>()};
    op("quantized::linear_prepack").callBoxed(&stack);
    return stack.front();
}

at::Tensor int8_linear(const at::Tensor& input, const c10::IValue& packed,
                       FusedActivation activation) {
    const auto sizes = input.sizes().vec();
    std::vector<c10::IValue> stack{input.reshape({-1, sizes.back()}).contiguous(), packed,
                                   kReduceRange};
    op(activation == FusedActivation::Relu ? "quantized::linear_relu_dynamic"
                                           : "quantized::linear_dynamic")
        .callBoxed(&stack);
    at::Tensor out = stack.front().toTensor();
    std::vector<int64_t> shape(sizes.begin(), sizes.end() - 1);
    shape.push_back(out.size(-1));
    return out.view(shape);
}

}  // namespace tfw
