#include "core/model/onednn_linear.h"

#include <ATen/ATen.h>

#include <exception>

#include "core/runtime/compute_threads.h"

namespace tfw {
namespace {

// Whether the products are the oneDNN library's (onednn_linear_dnnl.cpp) rather than LibTorch
// 2.x's operators (onednn_linear_torch.cpp).
#ifdef TFW_HAVE_DNNL
constexpr bool kOneDnnLibrary = true;
#else
constexpr bool kOneDnnLibrary = false;
#endif

// Operators can be listed and still not run on this CPU (bf16 without AVX-512): a small
// product says.
bool small_product_works(at::ScalarType type) {
    if (!onednn_operators_present()) return false;
    try {
        const at::Tensor w = at::ones({2, 4}, type);
        const at::Tensor y = onednn_linear(at::ones({1, 4}, type), pack_onednn(w), at::Tensor());
        return y.sizes() == at::IntArrayRef{1, 2} && y.eq(4).all().item<bool>();
    } catch (const std::exception&) {
        return false;
    }
}

}  // namespace

bool onednn_packing_supported(at::ScalarType type) {
    static const bool fp32 = small_product_works(at::kFloat);
    static const bool bf16 = small_product_works(at::kBFloat16);
    return type == at::kFloat ? fp32 : type == at::kBFloat16 && bf16;
}

at::Tensor with_residual(at::Tensor result, const at::Tensor& residual) {
    if (!residual.defined()) return result;
    if (residual.sizes() == result.sizes() && residual.scalar_type() == result.scalar_type())
        return result.add_(residual);
    return residual + result;
}

bool packed_product_pays(int64_t rows, at::ScalarType type) {
    const bool one_thread = threads_here() == 1;
    // With the oneDNN library on two threads of a 2-core machine, oneDNN waking its second
    // thread for every fp32 product lost to OpenBLAS's own two threads (one input at a time:
    // greedy 52-66 against 74-86 sentences/s). 1.13's own bf16 products are far slower than
    // oneDNN's at any thread count.
    if (kOneDnnLibrary && type == at::kFloat && !one_thread) return false;
    constexpr int64_t kFewRows = 4;
    if (rows > kFewRows) return true;
    // With more than one thread a product of a few rows wakes the other threads for almost no
    // work: greedy decoding one input at a time on two threads (LibTorch 2.11) ran at 22-25
    // sentences/s packed against 37 plain; from beam 5's five rows on, packed was ahead.
    if (!one_thread) return false;
    // On one thread, greedy decoding one input at a time: the oneDNN library's packed product
    // (1.13) ran at 52 sentences/s against OpenBLAS's 39, and LibTorch 2.11's packed bf16 at 54
    // against 39 plain, but its packed fp32 at 41 against MKL's 52.
    return kOneDnnLibrary || type != at::kFloat;
}

}  // namespace tfw
