#pragma once
// Sixteen floats as one value of the compiler's vector type, for loops that do arithmetic on
// every element (exp in a softmax, a search step's candidates): the compiler splits it into
// what the target has (one AVX-512 register, two AVX2 ones, four SSE ones), and
// TFW_VECTOR_CLONES compiles a function for AVX-512, AVX2 and plain x86-64, the loader
// picking what the CPU has.

#include <c10/util/BFloat16.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>

#if defined(__x86_64__) && defined(__linux__) && !defined(__SANITIZE_ADDRESS__)
#define TFW_VECTOR_CLONES __attribute__((target_clones("avx512f", "avx2", "default")))
#else
#define TFW_VECTOR_CLONES
#endif

// These helpers are always inlined, so vectors never cross a call: GCC's warning that
// passing them changes with the target is moot. They must be: an out-of-line copy is compiled
// for the plain target and takes its vectors in memory, while an AVX-512 clone passes them in
// registers (one that GCC chose not to inline returned garbage).
#define TFW_VECTOR_HELPER inline __attribute__((always_inline))
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpsabi"

namespace tfw::vectors {

constexpr int kLanes = 16;
typedef float Floats __attribute__((vector_size(kLanes * sizeof(float))));
typedef int32_t Ints __attribute__((vector_size(kLanes * sizeof(int32_t))));

constexpr float kMinusInf = -std::numeric_limits<float>::infinity();

TFW_VECTOR_HELPER Floats splat(float f) {
    return Floats{} + f;
}

TFW_VECTOR_HELPER Floats load(const float* p) {
    Floats v;
    std::memcpy(&v, p, sizeof v);
    return v;
}

// The first n (< kLanes) values at p, the other lanes `fill`.
TFW_VECTOR_HELPER Floats load_part(const float* p, int64_t n, float fill) {
    Floats v = splat(fill);
    for (int64_t i = 0; i < n; ++i) v[i] = p[i];
    return v;
}

TFW_VECTOR_HELPER void store(float* p, Floats v) {
    std::memcpy(p, &v, sizeof v);
}

TFW_VECTOR_HELPER Floats max_of(Floats a, Floats b) {
    return a > b ? a : b;
}

TFW_VECTOR_HELPER float max_lane(Floats v) {
    float best = v[0];
    for (int l = 1; l < kLanes; ++l) best = std::max(best, v[l]);
    return best;
}

TFW_VECTOR_HELPER float sum_lanes(Floats v) {
    float sum = 0;
    for (int l = 0; l < kLanes; ++l) sum += v[l];
    return sum;
}

// The same two in halves, lanes 8-15 onto 0-7 and so on: four dependent steps, not fifteen
// (the sum rounds otherwise than sum_lanes' lane order).
typedef float Floats8 __attribute__((vector_size(8 * sizeof(float))));
typedef float Floats4 __attribute__((vector_size(4 * sizeof(float))));

TFW_VECTOR_HELPER float max_in_halves(Floats v) {
    const Floats8 low = __builtin_shufflevector(v, v, 0, 1, 2, 3, 4, 5, 6, 7);
    const Floats8 high = __builtin_shufflevector(v, v, 8, 9, 10, 11, 12, 13, 14, 15);
    const Floats8 a = low > high ? low : high;
    const Floats4 b_low = __builtin_shufflevector(a, a, 0, 1, 2, 3);
    const Floats4 b_high = __builtin_shufflevector(a, a, 4, 5, 6, 7);
    const Floats4 b = b_low > b_high ? b_low : b_high;
    return std::max(std::max(b[0], b[2]), std::max(b[1], b[3]));
}

TFW_VECTOR_HELPER float sum_in_halves(Floats v) {
    const Floats8 a = __builtin_shufflevector(v, v, 0, 1, 2, 3, 4, 5, 6, 7) +
                      __builtin_shufflevector(v, v, 8, 9, 10, 11, 12, 13, 14, 15);
    const Floats4 b =
        __builtin_shufflevector(a, a, 0, 1, 2, 3) + __builtin_shufflevector(a, a, 4, 5, 6, 7);
    return (b[0] + b[2]) + (b[1] + b[3]);
}

// e^x for x <= 0, within 2 ulp (Cephes' polynomial on x - n ln 2); below -87 (where e^x
// leaves the normal floats) it returns e^-87: callers that need e^-inf = 0 mask it.
TFW_VECTOR_HELPER Floats exp_nonpositive(Floats x) {
    x = max_of(x, splat(-87.0f));
    // n = round(x / ln 2), by adding 1.5 * 2^23: n sits in the low bits of `shifted`.
    const Floats shifted = x * 1.44269504088896341f + 12582912.0f;
    const Floats n = shifted - 12582912.0f;
    const Floats r = (x - n * 0.693359375f) + n * 2.12194440e-4f;
    Floats p = splat(1.9875691500e-4f);
    p = p * r + 1.3981999507e-3f;
    p = p * r + 8.3334519073e-3f;
    p = p * r + 4.1665795894e-2f;
    p = p * r + 1.6666665459e-1f;
    p = p * r + 5.0000001201e-1f;
    const Floats e = p * r * r + r + 1.0f;
    // A cast between vector types of one size keeps the bits: 2^n from n's exponent field.
    const Ints exponent = ((Ints)shifted - 0x4B400000 + 127) << 23;
    return e * (Floats)exponent;
}

typedef uint16_t Halves __attribute__((vector_size(kLanes * sizeof(uint16_t))));
typedef uint32_t Words __attribute__((vector_size(kLanes * sizeof(uint32_t))));

// Sixteen bfloat16 values as floats: a bfloat16 is an fp32's high half.
TFW_VECTOR_HELPER Floats load(const c10::BFloat16* p) {
    Halves halves;
    std::memcpy(&halves, p, sizeof halves);
    return (Floats)(__builtin_convertvector(halves, Words) << 16);
}

// Sixteen floats rounded to bfloat16 as c10::BFloat16 rounds them: to nearest, ties to even,
// NaN to the quiet NaN 0x7FC0.
TFW_VECTOR_HELPER void store(c10::BFloat16* p, Floats v) {
    const Words bits = (Words)v;
    const Words rounded = (bits + ((bits >> 16) & 1) + 0x7FFF) >> 16;
    const Words nan = (Words)(v != v);  // all ones in NaN lanes
    const Halves halves = __builtin_convertvector((rounded & ~nan) | (nan & 0x7FC0), Halves);
    std::memcpy(p, &halves, sizeof halves);
}

// e^x for x <= 0 with e^-inf exactly 0 (masked scores and tokens).
TFW_VECTOR_HELPER Floats exp_or_zero(Floats x) {
    return x > kMinusInf ? exp_nonpositive(x) : splat(0);
}

}  // namespace tfw::vectors

#pragma GCC diagnostic pop
