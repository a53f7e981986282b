#include "core/model/one_row_product.h"

#include <ATen/ATen.h>

#include <algorithm>
#include <vector>

#include "core/device/cpu_features.h"

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace tfw {
namespace {

constexpr int64_t kTile = 64;   // outputs per tile
constexpr int64_t kBlock = 16;  // inputs per block of oneDNN's layout, which pads them to it

#if defined(__x86_64__)
// One tile: 64 outputs in four vectors of sums, its weights read once, in order.
__attribute__((target("avx512f"))) void tile_product(const float* x, int64_t inputs,
                                                     const float* tile, const float* bias,
                                                     int64_t valid, bool relu,
                                                     const float* residual, float* out) {
    __m512 s0 = _mm512_setzero_ps(), s1 = s0, s2 = s0, s3 = s0;
    for (int64_t k = 0; k < inputs; ++k) {
        const float* w = tile + k * kTile;
        const __m512 xk = _mm512_set1_ps(x[k]);
        s0 = _mm512_fmadd_ps(xk, _mm512_loadu_ps(w), s0);
        s1 = _mm512_fmadd_ps(xk, _mm512_loadu_ps(w + 16), s1);
        s2 = _mm512_fmadd_ps(xk, _mm512_loadu_ps(w + 32), s2);
        s3 = _mm512_fmadd_ps(xk, _mm512_loadu_ps(w + 48), s3);
    }
    const __m512 sums[4] = {s0, s1, s2, s3};
    for (int64_t j = 0; j < 4 && 16 * j < valid; ++j) {
        const int64_t lanes = std::min<int64_t>(16, valid - 16 * j);
        const auto mask = static_cast<__mmask16>((1u << lanes) - 1);
        __m512 v = sums[j];
        if (bias) v = _mm512_add_ps(v, _mm512_maskz_loadu_ps(mask, bias + 16 * j));
        if (relu)
            v = _mm512_maskz_mov_ps(_mm512_cmp_ps_mask(v, _mm512_setzero_ps(), _CMP_GT_OQ), v);
        if (residual) v = _mm512_add_ps(v, _mm512_maskz_loadu_ps(mask, residual + 16 * j));
        _mm512_mask_storeu_ps(out + 16 * j, mask, v);
    }
}
#endif

}  // namespace

bool one_row_product_supported(int64_t inputs) {
#if defined(__x86_64__)
    return inputs % kBlock == 0 && cpu_features().avx512f;
#else
    (void)inputs;
    return false;
#endif
}

at::Tensor pack_for_one_row(const at::Tensor& weight) {
    TORCH_CHECK(weight.dim() == 2 && weight.scalar_type() == at::kFloat && weight.device().is_cpu(),
                "pack_for_one_row: fp32 [out, in] on the CPU");
    const int64_t out = weight.size(0), in = weight.size(1);
    const int64_t tiles = (out + kTile - 1) / kTile;
    const at::Tensor padded =
        at::constant_pad_nd(weight.detach(), {0, 0, 0, tiles * kTile - out}, 0.0);
    // [tiles, 64, in] -> [tiles, in, 64]
    return padded.view({tiles, kTile, in}).transpose(1, 2).contiguous();
}

void one_row_product(const float* x, int64_t inputs, const float* tiles, int64_t outputs,
                     const float* bias, FusedActivation activation, const float* residual,
                     float* out) {
#if defined(__x86_64__)
    const bool relu = activation == FusedActivation::Relu;
    for (int64_t t = 0; t * kTile < outputs; ++t)
        tile_product(x, inputs, tiles + t * kTile * inputs, bias ? bias + t * kTile : nullptr,
                     std::min(kTile, outputs - t * kTile), relu,
                     residual ? residual + t * kTile : nullptr, out + t * kTile);
#else
    (void)x, (void)inputs, (void)tiles, (void)outputs, (void)bias, (void)activation, (void)residual,
        (void)out;
    TORCH_CHECK(false, "one_row_product needs AVX-512");
#endif
}

at::Tensor one_row_linear(const at::Tensor& input, const at::Tensor& tiles, int64_t outputs,
                          const at::Tensor& bias, FusedActivation activation,
                          const at::Tensor& residual) {
    const int64_t inputs = input.size(-1);
    TORCH_CHECK(input.numel() == inputs && input.scalar_type() == at::kFloat,
                "one_row_linear: one fp32 row");
    const at::Tensor x = input.contiguous();
    std::vector<int64_t> shape(input.sizes().begin(), input.sizes().end() - 1);
    shape.push_back(outputs);
    at::Tensor out = at::empty(shape, x.options());
    const at::Tensor b = !bias.defined() || bias.scalar_type() == at::kFloat
                             ? bias.contiguous()
                             : bias.to(at::kFloat).contiguous();
    // A residual of another shape (broadcast) is added after.
    const bool sum_here = residual.defined() && residual.sizes() == out.sizes() &&
                          residual.scalar_type() == at::kFloat && residual.is_contiguous();
    one_row_product(x.data_ptr<float>(), inputs, static_cast<const float*>(tiles.data_ptr()),
                    outputs, b.defined() ? b.data_ptr<float>() : nullptr, activation,
                    sum_here ? residual.data_ptr<float>() : nullptr, out.data_ptr<float>());
    return residual.defined() && !sum_here ? residual + out : out;
}

}  // namespace tfw
