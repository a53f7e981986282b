#include "core/model/int8_tiles.h"

#include <ATen/ATen.h>

#include <algorithm>
#include <cmath>
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

using tile_loop::first_lanes;
using tile_loop::kTile;
constexpr int64_t kQuad = 4;  // inputs in one VNNI dot product

// AMX's tile instructions and AVX-VNNI's are in the compilers' intrinsics from GCC 11 and
// Clang 12 on.
#if defined(__x86_64__) && (defined(__clang__) ? __clang_major__ >= 12 : __GNUC__ >= 11)
#define TFW_AMX_COMPILED 1
#define TFW_AVX_VNNI_COMPILED 1
#else
#define TFW_AMX_COMPILED 0
#define TFW_AVX_VNNI_COMPILED 0
#endif
constexpr int64_t kAmxRows = 16;    // rows of a tile register
constexpr int64_t kAmxInputs = 64;  // inputs of one tile product
constexpr int64_t kAmxRowsPerPass = 2 * kAmxRows;
constexpr int64_t kAmxRowsPerGroup = 2 * kAmxRowsPerPass;
// Fewer rows go through VNNI, whose one pass of up to 6 rows is as fast: an AMX pass costs
// about the same for 1 row as for 16 (measured, one thread, 1024 by 1024: AMX took 1.0 of
// VNNI's time at 5 rows, 0.9 at 6, 0.57 at 8, 0.38 at 16).
constexpr int64_t kAmxLeastRows = 6;

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

// Each output's sum of one row, in four vectors of 16, less its compensation, times the row's
// and the output's scales plus bias (one fused multiply-add), relu and residual. compensation,
// scales, bias and out point at the tile's first output; `valid` of its 64 are outputs.
__attribute__((target("avx512f"), always_inline)) inline void finish_row(
    const __m512i (&s)[4], const int32_t* compensation, const float* scales, float row_scale,
    const float* bias, int64_t valid, bool relu, const float* residual, float* out) {
    for (int64_t j = 0; j < 4 && 16 * j < valid; ++j) {
        const __mmask16 mask = first_lanes(valid - 16 * j);
        const __m512i sum = _mm512_sub_epi32(s[j], _mm512_loadu_si512(compensation + 16 * j));
        const __m512 scale =
            _mm512_mul_ps(_mm512_set1_ps(row_scale), _mm512_loadu_ps(scales + 16 * j));
        // One rounding for scale and bias, written out (the compiler could fuse either way).
        const __m512 v_int = _mm512_maskz_cvtepi32_ps(0xFFFF, sum);
        __m512 v = bias ? _mm512_fmadd_ps(v_int, scale, _mm512_maskz_loadu_ps(mask, bias + 16 * j))
                        : _mm512_mul_ps(v_int, scale);
        if (relu)
            v = _mm512_maskz_mov_ps(_mm512_cmp_ps_mask(v, _mm512_setzero_ps(), _CMP_GT_OQ), v);
        if (residual) v = _mm512_add_ps(v, _mm512_maskz_loadu_ps(mask, residual + 16 * j));
        _mm512_mask_storeu_ps(out + 16 * j, mask, v);
    }
}

// What a tile product's rows share: the tile's weights and per-output values, the rows'
// quantized inputs and scales, where the results go. Pointers are at the tile's (and the
// pass's first row's) values; rows are `inputs` and `outputs` apart.
struct TilePass {
    const uint8_t* q;
    int64_t inputs;
    const int8_t* tile;
    const int32_t* compensation;
    const float* scales;
    const float* row_scales;
    const float* bias;
    int64_t valid;
    bool relu;
    const float* residual;
    int64_t outputs;
    float* out;

    const float* residual_row(int64_t r) const {
        return residual ? residual + r * outputs : nullptr;
    }
};

// One tile for R rows with AVX-512 VNNI: 64 outputs each in four vectors of int32 sums, the
// tile's weights read once, in order.
template <int R>
__attribute__((target("avx512f,avx512vnni"))) void vnni_tile_product(const TilePass& p) {
    __m512i s[R][4];
#pragma GCC unroll 8
    for (int r = 0; r < R; ++r) s[r][0] = s[r][1] = s[r][2] = s[r][3] = _mm512_setzero_si512();
    for (int64_t k = 0; k < p.inputs; k += kQuad) {
        const int8_t* w = p.tile + k * kTile;
        const __m512i w0 = _mm512_loadu_si512(w), w1 = _mm512_loadu_si512(w + 64),
                      w2 = _mm512_loadu_si512(w + 128), w3 = _mm512_loadu_si512(w + 192);
#pragma GCC unroll 8
        for (int r = 0; r < R; ++r) {
            int32_t quad;
            std::memcpy(&quad, p.q + r * p.inputs + k, sizeof quad);
            const __m512i xk = _mm512_set1_epi32(quad);
            s[r][0] = _mm512_dpbusd_epi32(s[r][0], xk, w0);
            s[r][1] = _mm512_dpbusd_epi32(s[r][1], xk, w1);
            s[r][2] = _mm512_dpbusd_epi32(s[r][2], xk, w2);
            s[r][3] = _mm512_dpbusd_epi32(s[r][3], xk, w3);
        }
    }
#pragma GCC unroll 8
    for (int r = 0; r < R; ++r)
        finish_row(s[r], p.compensation, p.scales, p.row_scales[r], p.bias, p.valid, p.relu,
                   p.residual_row(r), p.out + r * p.outputs);
}

// Without AVX-512 VNNI: each row quantized the same way with AVX2, to unsigned bytes for
// AVX-VNNI's dot product on 256 bits (uint8_t), or to signed 16-bit values (int16_t) for AVX2
// alone, which widens each weight to 16 bits as it is read, so that its multiply-add of pairs of
// 16-bit values sums exactly too: the sums are VNNI's less its compensation, and give the same
// bits.
template <typename Quantized>
__attribute__((target("avx2"))) float quantize_row_avx2(const float* x, int64_t n, Quantized* q) {
    constexpr bool kBytes = std::is_same_v<Quantized, uint8_t>;
    constexpr int kShift = kBytes ? 128 : 0;
    __m256 largest = _mm256_setzero_ps();
    const __m256 magnitude = _mm256_castsi256_ps(_mm256_set1_epi32(0x7FFFFFFF));
    int64_t k = 0;
    for (; k + 8 <= n; k += 8)
        largest = _mm256_max_ps(largest, _mm256_and_ps(_mm256_loadu_ps(x + k), magnitude));
    alignas(32) float lanes[8];
    _mm256_store_ps(lanes, largest);
    float amax = *std::max_element(lanes, lanes + 8);
    for (int64_t i = k; i < n; ++i) amax = std::max(amax, std::fabs(x[i]));
    const float to_int = amax > 0 ? 127.0f / amax : 0.0f;
    const __m256 scale = _mm256_set1_ps(to_int);
    const __m256i shift = _mm256_set1_epi32(kShift);
    for (k = 0; k + 8 <= n; k += 8) {
        // Rounded to nearest even, as VNNI's quantize_row rounds; |values| <= 127.
        const __m256i v = _mm256_add_epi32(
            _mm256_cvtps_epi32(_mm256_mul_ps(_mm256_loadu_ps(x + k), scale)), shift);
        const __m128i packed =
            _mm_packs_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
        if constexpr (kBytes)
            _mm_storel_epi64(reinterpret_cast<__m128i*>(q + k), _mm_packus_epi16(packed, packed));
        else
            _mm_storeu_si128(reinterpret_cast<__m128i*>(q + k), packed);
    }
    for (int64_t i = k; i < n; ++i)
        q[i] = static_cast<Quantized>(std::nearbyint(x[i] * to_int) + kShift);
    return amax / 127.0f;
}

// Eight outputs of one row finished as finish_row does (the same operations, so the same bits):
// the exact sums as floats times the row's and the output's scales plus bias in one fused
// multiply-add, relu, residual. Pointers at the eight outputs; `lanes` of them are outputs (a
// partial last vector is finished one value at a time: no masked loads).
__attribute__((target("avx2,fma"))) inline void finish_eight_avx2(__m256i sums, const float* scales,
                                                                  float row_scale,
                                                                  const float* bias, int64_t lanes,
                                                                  bool relu, const float* residual,
                                                                  float* out) {
    const __m256 v_int = _mm256_cvtepi32_ps(sums);
    if (lanes < 8) {
        alignas(32) float v[8];
        _mm256_store_ps(v, v_int);
        for (int64_t o = 0; o < lanes; ++o) {
            const float scale = row_scale * scales[o];
            float y = bias ? std::fma(v[o], scale, bias[o]) : v[o] * scale;
            if (relu) y = y > 0.0f ? y : 0.0f;
            out[o] = residual ? y + residual[o] : y;
        }
        return;
    }
    const __m256 scale = _mm256_mul_ps(_mm256_set1_ps(row_scale), _mm256_loadu_ps(scales));
    __m256 v =
        bias ? _mm256_fmadd_ps(v_int, scale, _mm256_loadu_ps(bias)) : _mm256_mul_ps(v_int, scale);
    if (relu) v = _mm256_and_ps(v, _mm256_cmp_ps(v, _mm256_setzero_ps(), _CMP_GT_OQ));
    if (residual) v = _mm256_add_ps(v, _mm256_loadu_ps(residual));
    _mm256_storeu_ps(out, v);
}

// Pair sums of 4 * V outputs for R rows (up to six) with AVX2: a quad of inputs of four outputs
// widened to 16 bits per vector, multiplied by the row's quad in pairs, each output's two pair
// sums side by side, stored as they are: pair_sums[r][8 v ..] for outputs 4 v to 4 v + 3. w
// points at the outputs' first quad, q at the first row. V * R sums must stay in AVX2's sixteen
// registers with V weights and a row's quad: 16 outputs for one or two rows, 8 for more. In a
// function of its own that finishes nothing: adding the pairs here, or reading the sums at an
// index known only at run time, made GCC keep some of them in memory, storing them every quad.
template <int R, int V>
__attribute__((target("avx2"), noinline)) void avx2_pair_sums(const int8_t* w, const int16_t* q,
                                                              int64_t inputs,
                                                              int32_t (*pair_sums)[8 * V]) {
    __m256i s[R][V];
#pragma GCC unroll 8
    for (int r = 0; r < R; ++r)
#pragma GCC unroll 4
        for (int v = 0; v < V; ++v) s[r][v] = _mm256_setzero_si256();
    for (int64_t k = 0; k < inputs; k += kQuad) {
        __m256i wv[V];
#pragma GCC unroll 4
        for (int v = 0; v < V; ++v)
            wv[v] = _mm256_cvtepi8_epi16(
                _mm_loadu_si128(reinterpret_cast<const __m128i*>(w + k * kTile + 16 * v)));
#pragma GCC unroll 8
        for (int r = 0; r < R; ++r) {
            int64_t quad;
            std::memcpy(&quad, q + r * inputs + k, sizeof quad);
            const __m256i x = _mm256_set1_epi64x(quad);
#pragma GCC unroll 4
            for (int v = 0; v < V; ++v)
                s[r][v] = _mm256_add_epi32(s[r][v], _mm256_madd_epi16(x, wv[v]));
        }
    }
#pragma GCC unroll 8
    for (int r = 0; r < R; ++r)
#pragma GCC unroll 4
        for (int v = 0; v < V; ++v)
            _mm256_storeu_si256(reinterpret_cast<__m256i*>(pair_sums[r] + 8 * v), s[r][v]);
}

// One tile for R rows (up to six) with AVX2, 16 or 8 outputs at a time.
template <int R>
__attribute__((target("avx2,fma"))) void avx2_tile_product(const TilePass& p, const int16_t* q) {
    constexpr int V = R <= 2 ? 4 : 2;
    int32_t pair_sums[R][8 * V];
    for (int64_t at = 0; at < p.valid; at += 4 * V) {
        avx2_pair_sums<R, V>(p.tile + at * kQuad, q, p.inputs, pair_sums);
        for (int64_t r = 0; r < R; ++r)
            for (int64_t h = 0; h < V / 2 && at + 8 * h < p.valid; ++h) {
                // Outputs 0..3 and the next four, each as two pair sums side by side: hadd adds
                // the pairs within each 128-bit half, giving outputs [0 1 4 5 | 2 3 6 7], and the
                // permute puts them in order.
                const __m256i* two = reinterpret_cast<const __m256i*>(pair_sums[r] + 16 * h);
                const __m256i sums = _mm256_permute4x64_epi64(
                    _mm256_hadd_epi32(_mm256_loadu_si256(two), _mm256_loadu_si256(two + 1)), 0xD8);
                const int64_t o = at + 8 * h;
                const float* residual = p.residual_row(r);
                finish_eight_avx2(sums, p.scales + o, p.row_scales[r],
                                  p.bias ? p.bias + o : nullptr, std::min<int64_t>(8, p.valid - o),
                                  p.relu, residual ? residual + o : nullptr,
                                  p.out + r * p.outputs + o);
            }
    }
}

#if TFW_AVX_VNNI_COMPILED
// Sums of 8 * V outputs for R rows (up to six) with AVX-VNNI (Alder Lake and later: VNNI's dot
// product on 256 bits, without AVX-512): eight outputs' quads per vector, a row's quad broadcast,
// stored as they are: sums[r][8 v ..] for outputs 8 v to 8 v + 7. w points at the outputs' first
// quad, q at the first row. In a function of its own that finishes nothing, as avx2_pair_sums,
// for the same reason: GCC keeps the sums in registers only so.
template <int R, int V>
__attribute__((target("avx2,avxvnni"), noinline)) void vnni256_sums(const int8_t* w,
                                                                    const uint8_t* q,
                                                                    int64_t inputs,
                                                                    int32_t (*sums)[8 * V]) {
    __m256i s[R][V];
#pragma GCC unroll 8
    for (int r = 0; r < R; ++r)
#pragma GCC unroll 8
        for (int v = 0; v < V; ++v) s[r][v] = _mm256_setzero_si256();
    for (int64_t k = 0; k < inputs; k += kQuad) {
        __m256i wv[V];
#pragma GCC unroll 8
        for (int v = 0; v < V; ++v)
            wv[v] = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(w + k * kTile + 32 * v));
#pragma GCC unroll 8
        for (int r = 0; r < R; ++r) {
            int32_t quad;
            std::memcpy(&quad, q + r * inputs + k, sizeof quad);
            const __m256i x = _mm256_set1_epi32(quad);
#pragma GCC unroll 8
            for (int v = 0; v < V; ++v) s[r][v] = _mm256_dpbusd_avx_epi32(s[r][v], x, wv[v]);
        }
    }
#pragma GCC unroll 8
    for (int r = 0; r < R; ++r)
#pragma GCC unroll 8
        for (int v = 0; v < V; ++v)
            _mm256_storeu_si256(reinterpret_cast<__m256i*>(sums[r] + 8 * v), s[r][v]);
}

// One tile for R rows (up to six) with AVX-VNNI, 64, 32 or 16 outputs at a time: as many sums
// as keep a dot product's latency covered and fit sixteen registers with a row's quad.
template <int R>
__attribute__((target("avx2,fma"))) void vnni256_tile_product(const TilePass& p) {
    constexpr int V = R == 1 ? 8 : R <= 3 ? 4 : 2;
    int32_t sums[R][8 * V];
    for (int64_t at = 0; at < p.valid; at += 8 * V) {
        vnni256_sums<R, V>(p.tile + at * kQuad, p.q, p.inputs, sums);
        for (int64_t r = 0; r < R; ++r)
            for (int64_t v = 0; v < V && at + 8 * v < p.valid; ++v) {
                const int64_t o = at + 8 * v;
                const __m256i sum = _mm256_sub_epi32(
                    _mm256_loadu_si256(reinterpret_cast<const __m256i*>(sums[r] + 8 * v)),
                    _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p.compensation + o)));
                const float* residual = p.residual_row(r);
                finish_eight_avx2(sum, p.scales + o, p.row_scales[r], p.bias ? p.bias + o : nullptr,
                                  std::min<int64_t>(8, p.valid - o), p.relu,
                                  residual ? residual + o : nullptr, p.out + r * p.outputs + o);
            }
    }
}
#endif  // TFW_AVX_VNNI_COMPILED

#if TFW_AMX_COMPILED
// AMX (Sapphire Rapids on): one instruction multiplies a tile register of 16 rows by 64 inputs
// with one of 64 inputs by 16 outputs into 16 by 16 int32 sums, the same exact sums as VNNI's,
// so the two give the same bits. The weights' VNNI layout is read as it is: a weight tile is
// 16 quads of inputs of 16 outputs (64 bytes), a quad's 64 outputs (256 bytes) apart. Passes
// of 32 rows by 32 outputs: two row tiles and two weight tiles make four tiles of sums.

struct alignas(64) TileConfig {
    uint8_t palette = 1;
    uint8_t start_row = 0;
    uint8_t reserved[14] = {};
    uint16_t bytes_per_row[16] = {};
    uint8_t rows[16] = {};
};

// Tiles 0-7 all of 16 rows of 64 bytes, for this thread until the tiles are released.
__attribute__((target("amx-tile"))) void configure_tiles() {
    TileConfig config;
    for (int i = 0; i < 8; ++i) config.bytes_per_row[i] = 64, config.rows[i] = 16;
    // Not _tile_loadconfig: GCC 12's says it reads 8 bytes, and the stores above may be dropped.
    __asm__ volatile("ldtilecfg %0" ::"m"(config));
}

// sums [RowTiles * 16 rows][64 outputs] of a pass. Tiles: 0-3 sums (row tile i, weight tile j
// at 2i + j), 4-5 rows, 6-7 weights.
template <int RowTiles>
__attribute__((target("amx-tile,amx-int8"))) void amx_sums(const uint8_t* q, int64_t inputs,
                                                           const int8_t* tile, int32_t* sums) {
    // The tile loads name their address but not the memory read: the inputs' stores first.
    __asm__ volatile("" ::: "memory");
    constexpr int64_t kStride = kTile * kQuad;  // bytes from a quad of inputs to the next
    for (int64_t half = 0; half < 2; ++half) {
        _tile_zero(0);
        _tile_zero(1);
        if constexpr (RowTiles == 2) {
            _tile_zero(2);
            _tile_zero(3);
        }
        for (int64_t k = 0; k < inputs; k += kAmxInputs) {
            const int8_t* w = tile + k * kTile + half * 2 * kAmxRows * kQuad;
            _tile_loadd(6, w, kStride);
            _tile_loadd(7, w + kAmxRows * kQuad, kStride);
            _tile_loadd(4, q + k, inputs);
            _tile_dpbusd(0, 4, 6);
            _tile_dpbusd(1, 4, 7);
            if constexpr (RowTiles == 2) {
                _tile_loadd(5, q + kAmxRows * inputs + k, inputs);
                _tile_dpbusd(2, 5, 6);
                _tile_dpbusd(3, 5, 7);
            }
        }
        int32_t* at = sums + half * 2 * kAmxRows;
        constexpr int64_t kRowBytes = kTile * sizeof(int32_t);
        _tile_stored(0, at, kRowBytes);
        _tile_stored(1, at + kAmxRows, kRowBytes);
        if constexpr (RowTiles == 2) {
            _tile_stored(2, at + kAmxRows * kTile, kRowBytes);
            _tile_stored(3, at + kAmxRows * kTile + kAmxRows, kRowBytes);
        }
    }
}

// One tile for `rows` rows (any number; the quantized inputs run on for a pass's 32 rows) with
// AMX, in passes of 32 (16 for the last 16 or fewer).
__attribute__((target("amx-tile,amx-int8,avx512f"))) void amx_tile_product(const TilePass& p,
                                                                           int64_t rows) {
    alignas(64) int32_t sums[kAmxRowsPerPass * kTile];
    configure_tiles();
    for (int64_t first = 0; first < rows; first += kAmxRowsPerPass) {
        const int64_t n = std::min(kAmxRowsPerPass, rows - first);
        if (n > kAmxRows)
            amx_sums<2>(p.q + first * p.inputs, p.inputs, p.tile, sums);
        else
            amx_sums<1>(p.q + first * p.inputs, p.inputs, p.tile, sums);
        for (int64_t r = 0; r < n; ++r) {
            const int32_t* row = sums + r * kTile;
            const __m512i s[4] = {_mm512_load_si512(row), _mm512_load_si512(row + 16),
                                  _mm512_load_si512(row + 32), _mm512_load_si512(row + 48)};
            finish_row(s, p.compensation, p.scales, p.row_scales[first + r], p.bias, p.valid,
                       p.relu, p.residual_row(first + r), p.out + (first + r) * p.outputs);
        }
    }
    _tile_release();
}
#endif  // TFW_AMX_COMPILED
#endif  // __x86_64__

#if defined(__x86_64__)
// The instructions int8 tiles are multiplied with (AMX aside): VNNI's dot products on 512 or 256
// bits, else AVX2's multiply-adds of 16-bit pairs.
enum class Int8Kernel { Vnni512, Vnni256, Avx2 };

Int8Kernel int8_kernel() {
    const CpuFeatures& cpu = cpu_features();
    if (cpu.avx512_vnni) return Int8Kernel::Vnni512;
    if (TFW_AVX_VNNI_COMPILED && cpu.avx_vnni) return Int8Kernel::Vnni256;
    return Int8Kernel::Avx2;
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
    thread_local std::vector<int16_t> quantized_wide;
    thread_local std::vector<float> row_scale;
    const Int8Kernel kernel = int8_kernel();
    const bool bytes = kernel != Int8Kernel::Avx2;  // VNNI's unsigned bytes, else 16-bit values
    const bool amx = tiles.amx && rows >= kAmxLeastRows;
    row_scale.resize(rows);
    float* const row_scales = row_scale.data();
    if (bytes)
        quantized.resize((rows + (amx ? kAmxRowsPerPass - 1 : 0)) * inputs);
    else
        quantized_wide.resize(rows * inputs);
    uint8_t* const q = quantized.data();
    int16_t* const q_wide = quantized_wide.data();
    for (int64_t r = 0; r < rows; ++r) {
        const float* row = x + r * inputs;
        row_scales[r] = kernel == Int8Kernel::Vnni512 ? quantize_row(row, inputs, q + r * inputs)
                        : bytes ? quantize_row_avx2(row, inputs, q + r * inputs)
                                : quantize_row_avx2(row, inputs, q_wide + r * inputs);
    }
    const int8_t* weights = tiles.weights.data_ptr<int8_t>();
    const int32_t* compensation = tiles.compensation.data_ptr<int32_t>();
    const float* scales = tiles.scales.data_ptr<float>();
    const int64_t outputs = tiles.outputs;
    const bool relu = activation == FusedActivation::Relu;
    auto pass = [&](int64_t t, int64_t r) {
        const int64_t at_tile = r * outputs + t * kTile;
        return TilePass{bytes ? q + r * inputs : nullptr,
                        inputs,
                        weights + t * kTile * inputs,
                        compensation + t * kTile,
                        scales + t * kTile,
                        row_scales + r,
                        bias ? bias + t * kTile : nullptr,
                        std::min(kTile, outputs - t * kTile),
                        relu,
                        residual ? residual + at_tile : nullptr,
                        outputs,
                        out + at_tile};
    };
#if TFW_AMX_COMPILED
    if (amx) {
        tile_loop::for_each_tile<kAmxRowsPerGroup, kAmxRowsPerGroup>(
            rows, outputs,
            [&](int64_t t, int64_t r, int64_t n) { amx_tile_product(pass(t, r), n); });
        return;
    }
#endif
    tile_loop::for_each_tile(rows, outputs, [&](int64_t t, int64_t r, int64_t n) {
        tile_loop::with_rows(n, [&](auto count) {
            constexpr int kRows = decltype(count)::value;
            switch (kernel) {
                case Int8Kernel::Vnni512:
                    return vnni_tile_product<kRows>(pass(t, r));
#if TFW_AVX_VNNI_COMPILED
                case Int8Kernel::Vnni256:
                    return vnni256_tile_product<kRows>(pass(t, r));
#endif
                default:
                    return avx2_tile_product<kRows>(pass(t, r), q_wide + r * inputs);
            }
        });
    });
#else
    (void)x, (void)rows, (void)inputs, (void)tiles, (void)bias, (void)activation, (void)residual,
        (void)out;
    TORCH_CHECK(false, "int8 tiles need AVX-512 VNNI or AVX2");
#endif
}

}  // namespace

bool int8_tiles_supported(int64_t inputs) {
    const CpuFeatures& cpu = cpu_features();
    return inputs % kQuad == 0 && ((cpu.avx512f && cpu.avx512_vnni) || cpu.avx2_fma);
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
    tiles.amx = TFW_AMX_COMPILED && cpu_features().amx_int8 && in % kAmxInputs == 0;
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
