#include "core/model/tiled_product.h"

#include <ATen/ATen.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

#include "core/device/cpu_features.h"
#include "core/model/tile_loop.h"

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace tfw {
namespace {

using tile_loop::kTile;
constexpr int64_t kBlock = 16;  // inputs per block of oneDNN's layout, which pads them to it

#if defined(__x86_64__)
// One tile for R rows: 64 outputs each in four vectors of sums, the tile's weights read once,
// in order. x, residual and out point at the first row's (tile's) values, rows `inputs` and
// `outputs` apart.
template <int R>
__attribute__((target("avx512f"))) void tile_product(const float* x, int64_t inputs,
                                                     const float* tile, const float* bias,
                                                     int64_t valid, bool relu,
                                                     const float* residual, int64_t outputs,
                                                     float* out) {
    __m512 s[R][4];
#pragma GCC unroll 8
    for (int r = 0; r < R; ++r) s[r][0] = s[r][1] = s[r][2] = s[r][3] = _mm512_setzero_ps();
    for (int64_t k = 0; k < inputs; ++k) {
        const float* w = tile + k * kTile;
        const __m512 w0 = _mm512_loadu_ps(w), w1 = _mm512_loadu_ps(w + 16),
                     w2 = _mm512_loadu_ps(w + 32), w3 = _mm512_loadu_ps(w + 48);
#pragma GCC unroll 8
        for (int r = 0; r < R; ++r) {
            const __m512 xk = _mm512_set1_ps(x[r * inputs + k]);
            s[r][0] = _mm512_fmadd_ps(xk, w0, s[r][0]);
            s[r][1] = _mm512_fmadd_ps(xk, w1, s[r][1]);
            s[r][2] = _mm512_fmadd_ps(xk, w2, s[r][2]);
            s[r][3] = _mm512_fmadd_ps(xk, w3, s[r][3]);
        }
    }
#pragma GCC unroll 8
    for (int r = 0; r < R; ++r)
        for (int64_t j = 0; j < 4 && 16 * j < valid; ++j) {
            const __mmask16 mask = tile_loop::first_lanes(valid - 16 * j);
            __m512 v = s[r][j];
            if (bias) v = _mm512_add_ps(v, _mm512_maskz_loadu_ps(mask, bias + 16 * j));
            if (relu)
                v = _mm512_maskz_mov_ps(_mm512_cmp_ps_mask(v, _mm512_setzero_ps(), _CMP_GT_OQ), v);
            if (residual)
                v = _mm512_add_ps(v, _mm512_maskz_loadu_ps(mask, residual + r * outputs + 16 * j));
            _mm512_mask_storeu_ps(out + r * outputs + 16 * j, mask, v);
        }
}

// The same with AVX2's 16 registers of 8 floats: half a tile (32 outputs, four vectors of sums
// a row) for up to three rows at a time, each output summed in the same order as above, so the
// results are the AVX-512 kernel's bits. `half` is 0 or 1, `valid` the tile's valid outputs.
template <int R>
__attribute__((target("avx2,fma"))) void half_tile_product(const float* x, int64_t inputs,
                                                           const float* tile, int half,
                                                           const float* bias, int64_t valid,
                                                           bool relu, const float* residual,
                                                           int64_t outputs, float* out) {
    constexpr int64_t kHalf = kTile / 2;
    const int64_t first = half * kHalf;
    __m256 s[R][4];
#pragma GCC unroll 4
    for (int r = 0; r < R; ++r) s[r][0] = s[r][1] = s[r][2] = s[r][3] = _mm256_setzero_ps();
    for (int64_t k = 0; k < inputs; ++k) {
        const float* w = tile + k * kTile + first;
        const __m256 w0 = _mm256_loadu_ps(w), w1 = _mm256_loadu_ps(w + 8),
                     w2 = _mm256_loadu_ps(w + 16), w3 = _mm256_loadu_ps(w + 24);
#pragma GCC unroll 4
        for (int r = 0; r < R; ++r) {
            const __m256 xk = _mm256_broadcast_ss(x + r * inputs + k);
            s[r][0] = _mm256_fmadd_ps(xk, w0, s[r][0]);
            s[r][1] = _mm256_fmadd_ps(xk, w1, s[r][1]);
            s[r][2] = _mm256_fmadd_ps(xk, w2, s[r][2]);
            s[r][3] = _mm256_fmadd_ps(xk, w3, s[r][3]);
        }
    }
    // All sums stored at once, with indices the compiler knows: reading s[r][j] with j not known
    // until run time, below, made GCC keep every sum in memory as well, storing them at every
    // input.
    alignas(32) float sums[R][4][8];
#pragma GCC unroll 4
    for (int r = 0; r < R; ++r)
#pragma GCC unroll 4
        for (int j = 0; j < 4; ++j) _mm256_store_ps(sums[r][j], s[r][j]);
    for (int r = 0; r < R; ++r)
        for (int64_t j = 0; j < 4 && first + 8 * j < valid; ++j) {
            const int64_t at = first + 8 * j, lanes = std::min<int64_t>(8, valid - at);
            const float* v = sums[r][j];
            // A few values each: the last tile's partial vectors need no masked loads this way.
            float* o = out + r * outputs + at;
            for (int64_t i = 0; i < lanes; ++i) {
                float y = bias ? v[i] + bias[at + i] : v[i];
                if (relu) y = y > 0.0f ? y : 0.0f;
                o[i] = residual ? y + residual[r * outputs + at + i] : y;
            }
        }
}

// A tile for R rows (up to six) with AVX2: each half of it for three rows at a time.
template <int R>
void tile_product_avx2(const float* x, int64_t inputs, const float* tile, const float* bias,
                       int64_t valid, bool relu, const float* residual, int64_t outputs,
                       float* out) {
    constexpr int kFirst = R > 3 ? 3 : R;
    for (int half = 0; half < 2 && half * kTile / 2 < valid; ++half) {
        half_tile_product<kFirst>(x, inputs, tile, half, bias, valid, relu, residual, outputs, out);
        if constexpr (R > 3)
            half_tile_product<R - 3>(x + 3 * inputs, inputs, tile, half, bias, valid, relu,
                                     residual ? residual + 3 * outputs : nullptr, outputs,
                                     out + 3 * outputs);
    }
}

// bf16 values as the fp32 values they are (the zero-masking forms: the plain ones start from an
// undefined register, which GCC 12 warns of).
__attribute__((target("avx512f,avx512bw,avx512vl"))) __m512 widen(__m256i bf16) {
    const __m512i wide = _mm512_maskz_cvtepu16_epi32(0xFFFF, bf16);
    return _mm512_castsi512_ps(_mm512_maskz_slli_epi32(0xFFFF, wide, 16));
}

// The same with bf16 weights in pairs of inputs ([in / 2][64][2], oneDNN's AB16b64a2b), inputs
// and outputs: each output sums its pairs of products in order with AVX-512 BF16's dot product,
// adds the bias and rounds to bf16 as oneDNN's kernel does, and a residual is added to that bf16
// result and rounded again, as LibTorch adds two bf16 tensors.
template <int R>
__attribute__((target("avx512f,avx512bw,avx512vl,avx512bf16"))) void tile_product(
    const uint16_t* x, int64_t inputs, const uint16_t* tile, const uint16_t* bias, int64_t valid,
    bool relu, const uint16_t* residual, int64_t outputs, uint16_t* out) {
    __m512 s[R][4];
#pragma GCC unroll 8
    for (int r = 0; r < R; ++r) s[r][0] = s[r][1] = s[r][2] = s[r][3] = _mm512_setzero_ps();
    for (int64_t k = 0; k < inputs; k += 2) {
        const uint16_t* w = tile + k * kTile;
        const auto w0 = (__m512bh)_mm512_loadu_si512(w), w1 = (__m512bh)_mm512_loadu_si512(w + 32),
                   w2 = (__m512bh)_mm512_loadu_si512(w + 64),
                   w3 = (__m512bh)_mm512_loadu_si512(w + 96);
#pragma GCC unroll 8
        for (int r = 0; r < R; ++r) {
            int32_t pair;
            std::memcpy(&pair, x + r * inputs + k, sizeof pair);
            const auto xk = (__m512bh)_mm512_set1_epi32(pair);
            s[r][0] = _mm512_dpbf16_ps(s[r][0], xk, w0);
            s[r][1] = _mm512_dpbf16_ps(s[r][1], xk, w1);
            s[r][2] = _mm512_dpbf16_ps(s[r][2], xk, w2);
            s[r][3] = _mm512_dpbf16_ps(s[r][3], xk, w3);
        }
    }
#pragma GCC unroll 8
    for (int r = 0; r < R; ++r)
        for (int64_t j = 0; j < 4 && 16 * j < valid; ++j) {
            const __mmask16 mask = tile_loop::first_lanes(valid - 16 * j);
            __m512 v = s[r][j];
            if (bias) v = _mm512_add_ps(v, widen(_mm256_maskz_loadu_epi16(mask, bias + 16 * j)));
            if (relu)
                v = _mm512_maskz_mov_ps(_mm512_cmp_ps_mask(v, _mm512_setzero_ps(), _CMP_GT_OQ), v);
            auto rounded = (__m256i)_mm512_cvtneps_pbh(v);
            if (residual) {
                const __m256i sum = _mm256_maskz_loadu_epi16(mask, residual + r * outputs + 16 * j);
                rounded = (__m256i)_mm512_cvtneps_pbh(_mm512_add_ps(widen(rounded), widen(sum)));
            }
            _mm256_mask_storeu_epi16(out + r * outputs + 16 * j, mask, rounded);
        }
}

#endif

// out[r] = activation(x[r] times the tiles plus bias) plus residual[r] for `rows` contiguous rows
// of fp32 (float) or bf16 (uint16_t) values; bias and residual may be null.
template <class T>
void multiply_in_tiles(const T* x, int64_t rows, int64_t inputs, const T* tiles, int64_t outputs,
                       const T* bias, FusedActivation activation, const T* residual, T* out) {
#if defined(__x86_64__)
    const bool relu = activation == FusedActivation::Relu;
    bool avx512 = true;
    if constexpr (std::is_same_v<T, float>) avx512 = cpu_features().avx512f;
    tile_loop::for_each_tile(rows, outputs, [&](int64_t t, int64_t r, int64_t n) {
        const int64_t at_tile = r * outputs + t * kTile;
        tile_loop::with_rows(n, [&](auto count) {
            constexpr int kRows = decltype(count)::value;
            const auto* rows_x = x + r * inputs;
            const auto* tile = tiles + t * kTile * inputs;
            const auto* tile_bias = bias ? bias + t * kTile : nullptr;
            const int64_t valid = std::min(kTile, outputs - t * kTile);
            const auto* tile_residual = residual ? residual + at_tile : nullptr;
            if constexpr (std::is_same_v<T, float>)
                if (!avx512)
                    return tile_product_avx2<kRows>(rows_x, inputs, tile, tile_bias, valid, relu,
                                                    tile_residual, outputs, out + at_tile);
            tile_product<kRows>(rows_x, inputs, tile, tile_bias, valid, relu, tile_residual,
                                outputs, out + at_tile);
        });
    });
#else
    (void)x, (void)rows, (void)inputs, (void)tiles, (void)outputs, (void)bias, (void)activation,
        (void)residual, (void)out;
    TORCH_CHECK(false, "tiled products need AVX-512 or AVX2");
#endif
}

}  // namespace

bool tiled_product_supported(int64_t inputs, at::ScalarType type) {
#if defined(__x86_64__)
    if (type == at::kFloat)
        return inputs % kBlock == 0 && (cpu_features().avx512f || cpu_features().avx2_fma);
    // oneDNN's bf16 blocks are 16 pairs of inputs.
    return type == at::kBFloat16 && inputs % (2 * kBlock) == 0 && cpu_features().avx512_bf16;
#else
    (void)inputs, (void)type;
    return false;
#endif
}

at::Tensor pack_in_tiles(const at::Tensor& weight) {
    const at::ScalarType type = weight.scalar_type();
    TORCH_CHECK(weight.dim() == 2 && (type == at::kFloat || type == at::kBFloat16) &&
                    weight.device().is_cpu(),
                "pack_in_tiles: fp32 or bf16 [out, in] on the CPU");
    const int64_t out = weight.size(0), in = weight.size(1);
    const int64_t tiles = (out + kTile - 1) / kTile;
    const at::Tensor padded =
        at::constant_pad_nd(weight.detach(), {0, 0, 0, tiles * kTile - out}, 0.0);
    // fp32: [tiles, 64, in] -> [tiles, in, 64];
    // bf16: [tiles, 64, in / 2, 2] -> [tiles, in / 2, 64, 2]
    if (type == at::kFloat) return padded.view({tiles, kTile, in}).transpose(1, 2).contiguous();
    TORCH_CHECK(in % 2 == 0, "pack_in_tiles: bf16 weights pair their inputs");
    return padded.view({tiles, kTile, in / 2, 2}).permute({0, 2, 1, 3}).contiguous();
}

at::Tensor tiled_linear(const at::Tensor& input, const at::Tensor& tiles, int64_t outputs,
                        const at::Tensor& bias, FusedActivation activation,
                        const at::Tensor& residual) {
    const int64_t inputs = input.size(-1);
    const int64_t rows = input.numel() / inputs;
    const at::ScalarType type = input.scalar_type();
    TORCH_CHECK(type == at::kFloat || type == at::kBFloat16, "tiled_linear: fp32 or bf16 rows");
    TORCH_CHECK(rows <= (type == at::kFloat ? kMostTiledFp32Rows : kMostTiledRows),
                "tiled_linear: at most ", kMostTiledRows, " bf16 or ", kMostTiledFp32Rows,
                " fp32 rows");
    const at::Tensor x = input.contiguous();
    std::vector<int64_t> shape(input.sizes().begin(), input.sizes().end() - 1);
    shape.push_back(outputs);
    at::Tensor out = at::empty(shape, x.options());
    const at::Tensor b = !bias.defined() || bias.scalar_type() == type ? bias.contiguous()
                                                                       : bias.to(type).contiguous();
    // A residual of another shape (broadcast) or type is added after.
    const bool sum_here = residual.defined() && residual.sizes() == out.sizes() &&
                          residual.scalar_type() == type && residual.is_contiguous();
    const void* sum = sum_here ? residual.data_ptr() : nullptr;
    const void* bias_values = b.defined() ? b.data_ptr() : nullptr;
    if (type == at::kFloat)
        multiply_in_tiles(x.data_ptr<float>(), rows, inputs,
                          static_cast<const float*>(tiles.data_ptr()), outputs,
                          static_cast<const float*>(bias_values), activation,
                          static_cast<const float*>(sum), out.data_ptr<float>());
    else
        multiply_in_tiles(static_cast<const uint16_t*>(x.data_ptr()), rows, inputs,
                          static_cast<const uint16_t*>(tiles.data_ptr()), outputs,
                          static_cast<const uint16_t*>(bias_values), activation,
                          static_cast<const uint16_t*>(sum),
                          static_cast<uint16_t*>(out.data_ptr()));
    return residual.defined() && !sum_here ? residual + out : out;
}

}  // namespace tfw
