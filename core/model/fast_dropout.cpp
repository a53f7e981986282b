#include "core/model/fast_dropout.h"

#include <ATen/ATen.h>

#include <atomic>

#include "core/runtime/parallel_for.h"

namespace tfw {

namespace {

std::atomic<uint64_t> g_seed{0};
std::atomic<uint64_t> g_counter{0};

// splitmix64's finaliser: a strong 64-bit mix, so consecutive indices give independent bits.
inline uint64_t mix(uint64_t x) {
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    x ^= x >> 31;
    return x;
}

template <typename T>
void fill_mask(T* out, int64_t n, double p, uint64_t stream) {
    const T keep = static_cast<T>(1.0 / (1.0 - p));
    // Compare 32-bit halves against p scaled to 2^32: two decisions per mix.
    const uint64_t threshold = static_cast<uint64_t>(p * 4294967296.0);
    at::parallel_for(0, (n + 1) / 2, 4096, [&](int64_t begin, int64_t end) {
        for (int64_t i = begin; i < end; ++i) {
            const uint64_t bits = mix(stream + static_cast<uint64_t>(i) * 0x9e3779b97f4a7c15ULL);
            const int64_t j = 2 * i;
            out[j] = (bits & 0xffffffffULL) < threshold ? T(0) : keep;
            if (j + 1 < n) out[j + 1] = (bits >> 32) < threshold ? T(0) : keep;
        }
    });
}

}  // namespace

at::Tensor fast_dropout(const at::Tensor& input, double p) {
    if (p <= 0.0) return input;
    if (!input.device().is_cpu()) return at::dropout(input, p, /*train=*/true);
    // The mask is fp32 (or double) whatever the input: in bf16, 1/(1-p) would be rounded
    // (1/0.9 -> 1.109375), shrinking every kept activation in training but not in evaluation.
    const at::ScalarType mask_type = input.scalar_type() == at::kDouble ? at::kDouble : at::kFloat;
    at::Tensor mask =
        at::empty(input.sizes(), input.options().dtype(mask_type).requires_grad(false));
    const uint64_t stream = mix(g_seed.load() ^ mix(g_counter.fetch_add(1) + 1));
    AT_DISPATCH_FLOATING_TYPES(mask.scalar_type(), "fast_dropout", [&] {
        fill_mask(mask.data_ptr<scalar_t>(), mask.numel(), p, stream);
    });
    if (input.scalar_type() == mask_type) return input * mask;
    return (input.to(mask_type) * mask).to(input.scalar_type());
}

void set_dropout_rng_state(DropoutRngState state) {
    g_seed = state.seed;
    g_counter = state.counter;
}

DropoutRngState dropout_rng_state() {
    return {g_seed.load(), g_counter.load()};
}

}  // namespace tfw
