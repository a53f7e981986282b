#include "core/model/tiled_product.h"

#include <ATen/ATen.h>
#include <ATen/Parallel.h>

#include <algorithm>
#include <vector>

#include "core/device/cpu_features.h"
#include "core/runtime/helper_threads.h"

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace tfw {
namespace {

constexpr int64_t kTile = 64;   // outputs per tile
constexpr int64_t kBlock = 16;  // inputs per block of oneDNN's layout, which pads them to it
// Rows in one pass over a tile: four vectors of sums per row, the tile's four weight vectors
// and a broadcast input fit AVX-512's 32 registers.
constexpr int64_t kRowsPerPass = 6;
// With more threads, the tiles are shared out in parts of two (128 KB of weights with 256
// inputs) among at most four threads: a few rows' product is bound by reading the weights, and
// a few cores read them as fast as the memory gives them (two measured: 1.8-2x one's speed).
constexpr int64_t kTilesPerPart = 2;
constexpr int kMostThreads = 4;

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
            const int64_t lanes = std::min<int64_t>(16, valid - 16 * j);
            const auto mask = static_cast<__mmask16>((1u << lanes) - 1);
            __m512 v = s[r][j];
            if (bias) v = _mm512_add_ps(v, _mm512_maskz_loadu_ps(mask, bias + 16 * j));
            if (relu)
                v = _mm512_maskz_mov_ps(_mm512_cmp_ps_mask(v, _mm512_setzero_ps(), _CMP_GT_OQ), v);
            if (residual)
                v = _mm512_add_ps(v, _mm512_maskz_loadu_ps(mask, residual + r * outputs + 16 * j));
            _mm512_mask_storeu_ps(out + r * outputs + 16 * j, mask, v);
        }
}

void tile_pass(int64_t rows, const float* x, int64_t inputs, const float* tile, const float* bias,
               int64_t valid, bool relu, const float* residual, int64_t outputs, float* out) {
    switch (rows) {
        case 1:
            return tile_product<1>(x, inputs, tile, bias, valid, relu, residual, outputs, out);
        case 2:
            return tile_product<2>(x, inputs, tile, bias, valid, relu, residual, outputs, out);
        case 3:
            return tile_product<3>(x, inputs, tile, bias, valid, relu, residual, outputs, out);
        case 4:
            return tile_product<4>(x, inputs, tile, bias, valid, relu, residual, outputs, out);
        case 5:
            return tile_product<5>(x, inputs, tile, bias, valid, relu, residual, outputs, out);
        default:
            return tile_product<6>(x, inputs, tile, bias, valid, relu, residual, outputs, out);
    }
}
#endif

}  // namespace

bool tiled_product_supported(int64_t inputs) {
#if defined(__x86_64__)
    return inputs % kBlock == 0 && cpu_features().avx512f;
#else
    (void)inputs;
    return false;
#endif
}

at::Tensor pack_in_tiles(const at::Tensor& weight) {
    TORCH_CHECK(weight.dim() == 2 && weight.scalar_type() == at::kFloat && weight.device().is_cpu(),
                "pack_in_tiles: fp32 [out, in] on the CPU");
    const int64_t out = weight.size(0), in = weight.size(1);
    const int64_t tiles = (out + kTile - 1) / kTile;
    const at::Tensor padded =
        at::constant_pad_nd(weight.detach(), {0, 0, 0, tiles * kTile - out}, 0.0);
    // [tiles, 64, in] -> [tiles, in, 64]
    return padded.view({tiles, kTile, in}).transpose(1, 2).contiguous();
}

void tiled_product(const float* x, int64_t rows, int64_t inputs, const float* tiles,
                   int64_t outputs, const float* bias, FusedActivation activation,
                   const float* residual, float* out) {
    TORCH_CHECK(rows >= 1 && rows <= kMostTiledRows, "tiled_product: 1 to ", kMostTiledRows,
                " rows, not ", rows);
#if defined(__x86_64__)
    const bool relu = activation == FusedActivation::Relu;
    const int64_t pass = rows <= kRowsPerPass ? rows : (rows + 1) / 2;
    const int64_t count = (outputs + kTile - 1) / kTile;
    const int64_t parts = std::max<int64_t>(1, count / kTilesPerPart);
    auto part = [&](int64_t p) {
        for (int64_t t = p * count / parts; t < (p + 1) * count / parts; ++t)
            for (int64_t r = 0; r < rows; r += pass) {
                const int64_t at_tile = r * outputs + t * kTile;
                tile_pass(std::min(pass, rows - r), x + r * inputs, inputs,
                          tiles + t * kTile * inputs, bias ? bias + t * kTile : nullptr,
                          std::min(kTile, outputs - t * kTile), relu,
                          residual ? residual + at_tile : nullptr, outputs, out + at_tile);
            }
    };
    const int helpers =
        at::in_parallel_region() ? 0 : std::min(at::get_num_threads(), kMostThreads) - 1;
    run_in_parts(parts, helpers, part);
#else
    (void)x, (void)inputs, (void)tiles, (void)outputs, (void)bias, (void)activation, (void)residual,
        (void)out;
    TORCH_CHECK(false, "tiled_product needs AVX-512");
#endif
}

at::Tensor tiled_linear(const at::Tensor& input, const at::Tensor& tiles, int64_t outputs,
                        const at::Tensor& bias, FusedActivation activation,
                        const at::Tensor& residual) {
    const int64_t inputs = input.size(-1);
    const int64_t rows = input.numel() / inputs;
    TORCH_CHECK(rows <= kMostTiledRows && input.scalar_type() == at::kFloat,
                "tiled_linear: at most ", kMostTiledRows, " fp32 rows");
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
    tiled_product(x.data_ptr<float>(), rows, inputs, static_cast<const float*>(tiles.data_ptr()),
                  outputs, b.defined() ? b.data_ptr<float>() : nullptr, activation,
                  sum_here ? residual.data_ptr<float>() : nullptr, out.data_ptr<float>());
    return residual.defined() && !sum_here ? residual + out : out;
}

}  // namespace tfw
