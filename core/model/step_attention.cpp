#include "core/model/step_attention.h"

#include <ATen/ATen.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <utility>
#include <vector>

#include "core/runtime/parallel_for.h"
#include "core/util/float_vectors.h"

namespace tfw {
namespace {

// Element offsets of a [B, H, rows, dh] tensor's rows.
template <typename T>
struct Rows {
    const T* data;
    int64_t batch, head, row;

    explicit Rows(const at::Tensor& t)
        : data(t.data_ptr<T>()), batch(t.stride(0)), head(t.stride(1)), row(t.stride(2)) {}
    const T* at(int64_t b, int64_t h, int64_t r) const {
        return data + b * batch + h * head + r * row;
    }
};

// One call's tensors, of type T; the context is fp32, laid out [B, rows, H, dh] so that the
// caller's merge of the heads is a view.
template <typename T>
struct Job {
    int64_t heads, rows, keys, dh;
    float scale;
    Rows<T> query, key, value;
    const float* bias;  // null, or strided like the scores (0 on broadcast dimensions)
    int64_t bias_b, bias_h, bias_r, bias_k;
    const int64_t* origins;  // null, or the row of k and v holding row b's position j
    int64_t origins_b;
    const int64_t* positions;  // null, or row b's own position: it reads the keys up to it
    float* context;

    int64_t source(int64_t b, int64_t j) const { return origins ? origins[b * origins_b + j] : b; }
    int64_t keys_of(int64_t b) const { return positions ? std::min(keys, positions[b] + 1) : keys; }
};

constexpr float kMinusInf = -std::numeric_limits<float>::infinity();

// The vectors below stay inside the clones, inlined (float_vectors.h): the helpers below are
// always inlined, as what a clone calls runs on the plain target.
#pragma GCC diagnostic ignored "-Wpsabi"

// a . b, whole vectors of sixteen first. Inlined into the cloned attend_pairs, so the loops
// run in AVX-512 or AVX2 registers where the CPU has them (fp32 decoding 3-4% faster; bf16's
// time here is spent waiting for the cached keys either way).
template <typename T>
TFW_VECTOR_HELPER float dot(const T* a, const T* b, int64_t n) {
    using namespace vectors;
    Floats sums = splat(0);
    int64_t i = 0;
    for (; i + kLanes <= n; i += kLanes) sums += load(a + i) * load(b + i);
    float total = sum_lanes(sums);
    for (; i < n; ++i) total += static_cast<float>(a[i]) * static_cast<float>(b[i]);
    return total;
}

// out[0, dh) = the sum over keys j of weights[j] times value j, in order of j (masked keys, of
// weight 0, skipped). The sums stay in registers over the keys, 32 lanes at a time: summed in
// memory, each key's add waited for the last key's store.
template <typename T, class Value>
TFW_VECTOR_HELPER void weighted_values(const float* weights, int64_t keys, const Value& value,
                                       int64_t dh, float* out) {
    using namespace vectors;
    int64_t d = 0;
    for (; d + 2 * kLanes <= dh; d += 2 * kLanes) {
        Floats low = splat(0), high = splat(0);
        for (int64_t j = 0; j < keys; ++j) {
            const float w = weights[j];
            if (w == 0) continue;
            const T* v = value(j) + d;
            low = low + w * load(v);
            high = high + w * load(v + kLanes);
        }
        store(out + d, low);
        store(out + d + kLanes, high);
    }
    for (; d < dh; ++d) {
        float sum = 0;
        for (int64_t j = 0; j < keys; ++j)
            if (weights[j] != 0) sum += weights[j] * static_cast<float>(value(j)[d]);
        out[d] = sum;
    }
}

// softmax of n scores in place (n a multiple of kLanes: callers pad with -inf), as
// at::softmax computes it (exp(x - max) times 1 / sum), with e^-inf = 0 for masked keys.
TFW_VECTOR_CLONES
void softmax_in_place(float* x, int64_t n) {
    using namespace vectors;
    Floats maxima = splat(kMinusInf);
    for (int64_t i = 0; i < n; i += kLanes) maxima = max_of(maxima, load(x + i));
    const float max = max_in_halves(maxima);
    Floats sums = splat(0);
    for (int64_t i = 0; i < n; i += kLanes) {
        const Floats e = exp_or_zero(load(x + i) - max);
        store(x + i, e);
        sums += e;
    }
    const float scale = 1.0f / sum_in_halves(sums);
    for (int64_t i = 0; i < n; i += kLanes) store(x + i, load(x + i) * scale);
}

// Sixteen keys' scores at once, where the head size is a multiple of 16 (dh): each key's
// products with the query summed to 16 partial sums in one vector, then the keys' vectors
// added in pairs, halves against halves, which transposes as it adds: one vector of the 16
// keys' sums, in order. (A key at a time, summing its vector's lanes one by one waited on each
// add.) fold<G> takes two vectors holding keys in groups of G lanes to one in groups of G / 2.
// Lane i of a fold's first half: from groups of G lanes, a's groups then b's (indices 16 on),
// the first G / 2 lanes of each; the second half (`second`) takes the last G / 2.
constexpr int fold_lane(int G, int i, bool second) {
    const int half = G / 2, group = i / half, groups = vectors::kLanes / G;
    const int from_b = group < groups ? 0 : vectors::kLanes;
    return from_b + (group % groups) * G + i % half + (second ? half : 0);
}

template <int G, int... I>
TFW_VECTOR_HELPER vectors::Floats fold_lanes(vectors::Floats a, vectors::Floats b,
                                             std::integer_sequence<int, I...>) {
    return __builtin_shufflevector(a, b, fold_lane(G, I, false)...) +
           __builtin_shufflevector(a, b, fold_lane(G, I, true)...);
}

template <int G>
TFW_VECTOR_HELPER vectors::Floats fold(vectors::Floats a, vectors::Floats b) {
    return fold_lanes<G>(a, b, std::make_integer_sequence<int, vectors::kLanes>{});
}

// The sums of keys [first, first + N), 16 / N lanes a key, in order (keys from `count` on are
// 0): N = 16 gives each key's score in a lane of its own.
template <int N, typename T, class Key>
TFW_VECTOR_HELPER vectors::Floats key_sums(const T* q, int64_t dh, const Key& key, int64_t first,
                                           int64_t count) {
    using namespace vectors;
    if constexpr (N == 1) {
        if (first >= count) return splat(0);
        const T* k = key(first);
        Floats sums = load(q) * load(k);
        for (int64_t d = kLanes; d < dh; d += kLanes) sums += load(q + d) * load(k + d);
        return sums;
    } else {
        return fold<32 / N>(key_sums<N / 2>(q, dh, key, first, count),
                            key_sums<N / 2>(q, dh, key, first + N / 2, count));
    }
}

// Query row r of pair (b, h): its scaled scores plus bias over its first `keys` keys, written
// to out up to the next multiple of 16 where dh is one. Keys masked by the row's position are
// not read; keys masked by the bias (-inf) score -inf whatever they hold.
template <typename T>
TFW_VECTOR_HELPER void score_row(const Job<T>& job, int64_t b, int64_t h, int64_t r, int64_t keys,
                                 float* out) {
    const T* q = job.query.at(b, h, r);
    const auto key = [&](int64_t j) __attribute__((always_inline)) {
        return job.key.at(job.source(b, j), h, j);
    };
    if (job.dh % vectors::kLanes == 0) {
        for (int64_t j = 0; j < keys; j += vectors::kLanes)
            vectors::store(out + j, key_sums<vectors::kLanes>(q, job.dh, key, j, keys) * job.scale);
    } else {
        for (int64_t j = 0; j < keys; ++j) out[j] = dot(q, key(j), job.dh) * job.scale;
    }
    if (!job.bias) return;
    const float* add = job.bias + b * job.bias_b + h * job.bias_h + r * job.bias_r;
    for (int64_t j = 0; j < keys; ++j) {
        const float bias = add[j * job.bias_k];
        out[j] = bias == kMinusInf ? bias : out[j] + bias;
    }
}

// Asks for pair i's keys and values ahead of its turn: a pair reads a short run of each (a few
// kilobytes, from a cache of megabytes), too short for the hardware's prefetcher to catch up
// with, so the loops waited on memory.
template <typename T>
inline void prefetch_pair(const Job<T>& job, int64_t i) {
    const int64_t b = i / job.heads, h = i % job.heads, keys = job.keys_of(b);
    const int64_t bytes = job.dh * static_cast<int64_t>(sizeof(T));
    for (int64_t j = 0; j < keys; ++j) {
        const auto* key = reinterpret_cast<const char*>(job.key.at(job.source(b, j), h, j));
        const auto* value = reinterpret_cast<const char*>(job.value.at(job.source(b, j), h, j));
        for (int64_t at = 0; at < bytes; at += 64) {
            __builtin_prefetch(key + at);
            __builtin_prefetch(value + at);
        }
    }
}

// The (batch, head) pairs [begin, end): each query row's scores, their softmax and the
// weighted sum of the values, the scores in a buffer of the thread's own.
template <typename T>
TFW_VECTOR_CLONES void attend_pairs(const Job<T>& job, int64_t begin, int64_t end) {
    // Padded to whole vectors with masked scores, which the softmax makes 0.
    const int64_t padded = (job.keys + vectors::kLanes - 1) / vectors::kLanes * vectors::kLanes;
    std::vector<float> weights(static_cast<size_t>(padded), vectors::kMinusInf);
    for (int64_t i = begin; i < end; ++i) {
        if (i + 1 < end) prefetch_pair(job, i + 1);
        const int64_t b = i / job.heads, h = i % job.heads;
        // The scores past a row's own keys are -inf (0 once softmaxed) as a mask makes them.
        const int64_t keys = job.keys_of(b);
        const int64_t row_padded = (keys + vectors::kLanes - 1) / vectors::kLanes * vectors::kLanes;
        for (int64_t r = 0; r < job.rows; ++r) {
            score_row(job, b, h, r, keys, weights.data());
            std::fill(weights.begin() + keys, weights.begin() + row_padded, vectors::kMinusInf);
            softmax_in_place(weights.data(), row_padded);
            float* out = job.context + ((b * job.rows + r) * job.heads + h) * job.dh;
            weighted_values<T>(
                weights.data(), keys,
                [&](int64_t j)
                    __attribute__((always_inline)) { return job.value.at(job.source(b, j), h, j); },
                job.dh, out);
        }
    }
}

// At least this many multiply-adds per thread before the work is split.
constexpr int64_t kGrain = 32768;

// The context [B, rows, H, dh] in fp32 of the first `keys` positions of k and v; `merged`:
// the same memory as [B, rows, H * dh].
template <typename T>
at::Tensor attend(const at::Tensor& q, const at::Tensor& k, const at::Tensor& v, int64_t keys,
                  const at::Tensor& bias, const at::Tensor& origins, const at::Tensor& positions,
                  bool merged) {
    const int64_t batch = q.size(0), heads = q.size(1), rows = q.size(2), dh = q.size(3);
    // A broadcast bias has strides of 0 where it broadcasts, so one index formula serves every
    // shape (as expand would give them, without a LibTorch call per step).
    const at::Tensor expanded =
        !bias.defined() || bias.scalar_type() == at::kFloat ? bias : bias.to(at::kFloat);
    const auto stride = [&](int64_t dim) -> int64_t {
        const int64_t own = dim - (4 - (bias.defined() ? expanded.dim() : 0));
        return own < 0 || expanded.size(own) == 1 ? 0 : expanded.stride(own);
    };
    if (bias.defined()) {
        const int64_t wanted[4] = {batch, heads, rows, keys};
        for (int64_t d = 4 - expanded.dim(); d < 4; ++d) {
            const int64_t size = expanded.size(d - (4 - expanded.dim()));
            TORCH_CHECK(size == 1 || size == wanted[d], "step attention: a bias of shape ",
                        expanded.sizes(), " does not broadcast to ", at::IntArrayRef(wanted));
        }
    }
    const auto shape = merged ? std::vector<int64_t>{batch, rows, heads * dh}
                              : std::vector<int64_t>{batch, rows, heads, dh};
    at::Tensor context = at::empty(shape, q.options().dtype(at::kFloat));
    const Job<T> job{heads,
                     rows,
                     keys,
                     dh,
                     static_cast<float>(1.0 / std::sqrt(static_cast<double>(dh))),
                     Rows<T>(q),
                     Rows<T>(k),
                     Rows<T>(v),
                     bias.defined() ? expanded.data_ptr<float>() : nullptr,
                     stride(0),
                     stride(1),
                     stride(2),
                     stride(3),
                     origins.defined() ? origins.data_ptr<int64_t>() : nullptr,
                     origins.defined() ? origins.stride(0) : 0,
                     positions.defined() ? positions.data_ptr<int64_t>() : nullptr,
                     context.data_ptr<float>()};
    const int64_t grain = std::max<int64_t>(1, kGrain / std::max<int64_t>(1, rows * keys * dh));
    at::parallel_for(0, batch * heads, grain,
                     [&](int64_t begin, int64_t end) { attend_pairs(job, begin, end); });
    return context;
}

at::Tensor attend_any(const at::Tensor& q, const at::Tensor& k, const at::Tensor& v, int64_t keys,
                      const at::Tensor& bias, const at::Tensor& origins,
                      const at::Tensor& positions, bool merged) {
    if (q.scalar_type() == at::kBFloat16)
        return attend<c10::BFloat16>(q, k, v, keys, bias, origins, positions, merged);
    return attend<float>(q, k, v, keys, bias, origins, positions, merged);
}

}  // namespace

bool step_attention_applies(const at::Tensor& q, const at::Tensor& k, const at::Tensor& v,
                            const at::Tensor& bias, const at::Tensor& origins) {
    const at::ScalarType type = q.scalar_type();
    if (type != at::kFloat && type != at::kBFloat16) return false;
    for (const at::Tensor* t : {&q, &k, &v})
        if (t->dim() != 4 || !t->device().is_cpu() || t->scalar_type() != type ||
            t->requires_grad() || t->stride(3) != 1)
            return false;
    if (bias.defined() && (bias.requires_grad() || !bias.device().is_cpu() || bias.dim() > 4))
        return false;
    if (origins.defined() &&
        (origins.dim() != 2 || origins.scalar_type() != at::kLong || !origins.device().is_cpu() ||
         origins.stride(1) != 1 || origins.size(0) != q.size(0) || origins.size(1) != k.size(2)))
        return false;
    const bool rows_match = origins.defined() ? k.size(0) >= q.size(0) : q.size(0) == k.size(0);
    return q.size(2) <= kStepAttentionRows && rows_match && q.size(1) == k.size(1) &&
           k.sizes() == v.sizes() && q.size(3) == k.size(3);
}

at::Tensor step_attention(const at::Tensor& q, const at::Tensor& k, const at::Tensor& v,
                          const at::Tensor& bias, const at::Tensor& origins) {
    return attend_any(q, k, v, k.size(2), bias, origins, {}, false)
        .permute({0, 2, 1, 3})
        .to(q.scalar_type());
}

at::Tensor step_attention_merged(const at::Tensor& q, const at::Tensor& k, const at::Tensor& v,
                                 int64_t keys, const at::Tensor& bias, const at::Tensor& origins,
                                 const at::Tensor& positions) {
    TORCH_CHECK(!positions.defined() || (positions.dim() == 1 && positions.size(0) == q.size(0) &&
                                         positions.scalar_type() == at::kLong &&
                                         positions.is_contiguous() && positions.device().is_cpu()),
                "step attention: positions must be one long per row");
    const at::Tensor context = attend_any(q, k, v, keys, bias, origins, positions, true);
    return q.scalar_type() == at::kFloat ? context : context.to(q.scalar_type());
}

}  // namespace tfw
