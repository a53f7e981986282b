#include "core/model/int8_tiles.h"

#include <ATen/ATen.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "core/device/cpu_features.h"
#include "core/model/tile_loop.h"

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace tfw {
namespace {

using tile_loop::first_lanes;
using tile_loop::kTile;
constexpr int64_t kQuad = 4;  // inputs in one VNNI dot product

#if defined(__x86_64__)
// Quantizes one row of n inputs to unsigned bytes: round(x * 127 / max|x|) + 128 (the dot
// product takes its first operand unsigned; the weights' compensation takes the 128 off).
// Returns the row's scale, max|x| / 127.
__attribute__((target("avx512f"))) float quantize_row(const float* x, int64_t n, uint8_t* q) {
    // The zero-masking forms: GCC 12 warns of the plain ones' undefined starting register.
    __m512 largest = _mm512_setzero_ps();
    for (int64_t k = 0; k < n; k += 16) {
        const __m512 v = _mm512_maskz_loadu_ps(first_lanes(n - k), x + k);
        largest = _mm512_maskz_max_ps(0xFFFF, largest, _mm512_abs_ps(v));
    }
    alignas(64) float lanes[16];
    _mm512_store_ps(lanes, largest);
    const float amax = *std::max_element(lanes, lanes + 16);
    const __m512 to_int = _mm512_set1_ps(amax > 0 ? 127.0f / amax : 0.0f);
    const __m512i shift = _mm512_set1_epi32(128);
    for (int64_t k = 0; k < n; k += 16) {
        const __mmask16 mask = first_lanes(n - k);
        const __m512 v = _mm512_mul_ps(_mm512_maskz_loadu_ps(mask, x + k), to_int);
        _mm512_mask_cvtepi32_storeu_epi8(
            q + k, mask, _mm512_add_epi32(_mm512_maskz_cvtps_epi32(0xFFFF, v), shift));
    }
    return amax / 127.0f;
}

// One tile for R rows of quantized inputs: 64 outputs each in four vectors of int32 sums, the
// tile's weights read once, in order; then each output's sum, less its compensation, times the
// row's and the output's scales plus bias (one fused multiply-add), relu and residual. q, residual
// and out point at the first row's (tile's) values, rows `inputs` and `outputs` apart.
template <int R>
__attribute__((target("avx512f,avx512vnni"))) void tile_product(
    const uint8_t* q, int64_t inputs, const int8_t* tile, const int32_t* compensation,
    const float* scales, const float* row_scales, const float* bias, int64_t valid, bool relu,
    const float* residual, int64_t outputs, float* out) {
    __m512i s[R][4];
#pragma GCC unroll 8
    for (int r = 0; r < R; ++r) s[r][0] = s[r][1] = s[r][2] = s[r][3] = _mm512_setzero_si512();
    for (int64_t k = 0; k < inputs; k += kQuad) {
        const int8_t* w = tile + k * kTile;
        const __m512i w0 = _mm512_loadu_si512(w), w1 = _mm512_loadu_si512(w + 64),
                      w2 = _mm512_loadu_si512(w + 128), w3 = _mm512_loadu_si512(w + 192);
#pragma GCC unroll 8
        for (int r = 0; r < R; ++r) {
            int32_t quad;
            std::memcpy(&quad, q + r * inputs + k, sizeof quad);
            const __m512i xk = _mm512_set1_epi32(quad);
            s[r][0] = _mm512_dpbusd_epi32(s[r][0], xk, w0);
            s[r][1] = _mm512_dpbusd_epi32(s[r][1], xk, w1);
            s[r][2] = _mm512_dpbusd_epi32(s[r][2], xk, w2);
            s[r][3] = _mm512_dpbusd_epi32(s[r][3], xk, w3);
        }
    }
#pragma GCC unroll 8
    for (int r = 0; r < R; ++r)
        for (int64_t j = 0; j < 4 && 16 * j < valid; ++j) {
            const __mmask16 mask = first_lanes(valid - 16 * j);
            const __m512i sum =
                _mm512_sub_epi32(s[r][j], _mm512_loadu_si512(compensation + 16 * j));
            const __m512 scale =
                _mm512_mul_ps(_mm512_set1_ps(row_scales[r]), _mm512_loadu_ps(scales + 16 * j));
            // One rounding for scale and bias, written out (the compiler could fuse either way).
            const __m512 v_int = _mm512_maskz_cvtepi32_ps(0xFFFF, sum);
            __m512 v =
                bias ? _mm512_fmadd_ps(v_int, scale, _mm512_maskz_loadu_ps(mask, bias + 16 * j))
                     : _mm512_mul_ps(v_int, scale);
            if (relu)
                v = _mm512_maskz_mov_ps(_mm512_cmp_ps_mask(v, _mm512_setzero_ps(), _CMP_GT_OQ), v);
            if (residual)
                v = _mm512_add_ps(v, _mm512_maskz_loadu_ps(mask, residual + r * outputs + 16 * j));
            _mm512_mask_storeu_ps(out + r * outputs + 16 * j, mask, v);
        }
}
#endif

// out[r] = activation(x[r] times the tiles plus bias) plus residual[r] for `rows` contiguous
// rows; bias and residual may be null.
void multiply_in_int8_tiles(const float* x, int64_t rows, int64_t inputs, const Int8Tiles& tiles,
                            const float* bias, FusedActivation activation, const float* residual,
                            float* out) {
#if defined(__x86_64__)
    // The caller's buffers; the helper threads read them through these pointers.
    thread_local std::vector<uint8_t> quantized;
    thread_local std::vector<float> row_scale;
    quantized.resize(rows * inputs);
    row_scale.resize(rows);
    uint8_t* const q = quantized.data();
    float* const row_scales = row_scale.data();
    for (int64_t r = 0; r < rows; ++r)
        row_scales[r] = quantize_row(x + r * inputs, inputs, q + r * inputs);
    const int8_t* weights = tiles.weights.data_ptr<int8_t>();
    const int32_t* compensation = tiles.compensation.data_ptr<int32_t>();
    const float* scales = tiles.scales.data_ptr<float>();
    const int64_t outputs = tiles.outputs;
    const bool relu = activation == FusedActivation::Relu;
    tile_loop::for_each_tile(rows, outputs, [&](int64_t t, int64_t r, int64_t n) {
        const int64_t at_tile = r * outputs + t * kTile;
        tile_loop::with_rows(n, [&](auto count) {
            tile_product<decltype(count)::value>(
                q + r * inputs, inputs, weights + t * kTile * inputs, compensation + t * kTile,
                scales + t * kTile, row_scales + r, bias ? bias + t * kTile : nullptr,
                std::min(kTile, outputs - t * kTile), relu, residual ? residual + at_tile : nullptr,
                outputs, out + at_tile);
        });
    });
#else
    (void)x, (void)rows, (void)inputs, (void)tiles, (void)bias, (void)activation, (void)residual,
        (void)out;
    TORCH_CHECK(false, "int8 tiles need AVX-512 VNNI");
#endif
}

}  // namespace

bool int8_tiles_supported(int64_t inputs) {
    const CpuFeatures& cpu = cpu_features();
    return inputs % kQuad == 0 && cpu.avx512f && cpu.avx512_vnni;
}

Int8Tiles pack_int8_tiles(const at::Tensor& weight) {
    TORCH_CHECK(weight.dim() == 2 && weight.device().is_cpu() && weight.size(1) % kQuad == 0,
                "pack_int8_tiles: [out, in] on the CPU, inputs a multiple of ", kQuad);
    const int64_t out = weight.size(0), in = weight.size(1);
    const int64_t count = (out + kTile - 1) / kTile, padded = count * kTile;
    const at::Tensor w = weight.detach().to(at::kFloat);
    // Symmetric per output: the output's largest magnitude maps to 127.
    const at::Tensor scales = w.abs().amax(1).div(127.0).clamp_min(1e-12);
    const at::Tensor q = at::round(w / scales.unsqueeze(1)).clamp(-127, 127).to(at::kChar);
    const at::Tensor q_padded = at::constant_pad_nd(q, {0, 0, 0, padded - out}, 0);
    Int8Tiles tiles;
    // [tiles, 64, in / 4, 4] -> [tiles, in / 4, 64, 4]
    tiles.weights =
        q_padded.view({count, kTile, in / kQuad, kQuad}).permute({0, 2, 1, 3}).contiguous();
    tiles.scales = at::constant_pad_nd(scales, {0, padded - out}, 1.0).contiguous();
    tiles.compensation = q_padded.to(at::kInt).sum(1, false, at::kInt).mul(128).contiguous();
    tiles.outputs = out;
    return tiles;
}

at::Tensor int8_tiled_linear(const at::Tensor& input, const Int8Tiles& tiles,
                             const at::Tensor& bias, FusedActivation activation,
                             const at::Tensor& residual) {
    const int64_t inputs = input.size(-1);
    TORCH_CHECK(input.scalar_type() == at::kFloat && inputs == tiles.weights.size(1) * kQuad,
                "int8_tiled_linear: fp32 input with the weights' ", tiles.weights.size(1) * kQuad,
                " inputs");
    const int64_t rows = input.numel() / inputs;
    const at::Tensor x = input.contiguous();
    std::vector<int64_t> shape(input.sizes().begin(), input.sizes().end() - 1);
    shape.push_back(tiles.outputs);
    at::Tensor out = at::empty(shape, x.options());
    if (rows == 0) return residual.defined() ? residual + out : out;
    const at::Tensor b = bias.defined() ? bias.to(at::kFloat).contiguous() : bias;
    // A residual of another shape (broadcast) or type is added after.
    const bool sum_here = residual.defined() && residual.sizes() == out.sizes() &&
                          residual.scalar_type() == at::kFloat && residual.is_contiguous();
    multiply_in_int8_tiles(x.data_ptr<float>(), rows, inputs, tiles,
                           b.defined() ? b.data_ptr<float>() : nullptr, activation,
                           sum_here ? residual.data_ptr<float>() : nullptr, out.data_ptr<float>());
    return residual.defined() && !sum_here ? residual + out : out;
}

}  // namespace tfw
