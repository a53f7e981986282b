#include "core/model/step_attention.h"

#include <ATen/ATen.h>
#include <ATen/Parallel.h>

#include <algorithm>
#include <cmath>
#include <limits>

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

// One call's tensors, of type T: scores, weights and context are fp32, [B, H, rows, keys]
// and [B, H, rows, dh].
template <typename T>
struct Job {
    int64_t heads, rows, keys, dh;
    float scale;
    Rows<T> query, key, value;
    const float* bias;  // null, or strided like the scores (0 on broadcast dimensions)
    int64_t bias_b, bias_h, bias_r, bias_k;
    float* scores;
    const float* weights;
    float* context;
};

constexpr float kMinusInf = -std::numeric_limits<float>::infinity();

// Eight running sums, so that the compiler keeps them in vector registers. (Compiled for
// AVX-512 and chosen at run time, these loops were no faster: they wait on memory, reading
// every cached key and value once.)
template <typename T>
float dot(const T* a, const T* b, int64_t n) {
    float sums[8] = {};
    int64_t i = 0;
    for (; i + 8 <= n; i += 8)
        for (int lane = 0; lane < 8; ++lane)
            sums[lane] += static_cast<float>(a[i + lane]) * static_cast<float>(b[i + lane]);
    float total =
        ((sums[0] + sums[1]) + (sums[2] + sums[3])) + ((sums[4] + sums[5]) + (sums[6] + sums[7]));
    for (; i < n; ++i) total += static_cast<float>(a[i]) * static_cast<float>(b[i]);
    return total;
}

// Scaled scores plus bias of the (batch, head) pairs [begin, end).
template <typename T>
void score_pairs(const Job<T>& job, int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i) {
        const int64_t b = i / job.heads, h = i % job.heads;
        for (int64_t r = 0; r < job.rows; ++r) {
            const T* q = job.query.at(b, h, r);
            float* out = job.scores + (i * job.rows + r) * job.keys;
            if (!job.bias) {
                for (int64_t j = 0; j < job.keys; ++j)
                    out[j] = dot(q, job.key.at(b, h, j), job.dh) * job.scale;
                continue;
            }
            // Masked keys (padding, or past a row's own position) are not read at all.
            const float* add = job.bias + b * job.bias_b + h * job.bias_h + r * job.bias_r;
            for (int64_t j = 0; j < job.keys; ++j) {
                const float bias = add[j * job.bias_k];
                out[j] = bias == kMinusInf ? bias
                                           : dot(q, job.key.at(b, h, j), job.dh) * job.scale + bias;
            }
        }
    }
}

// The weighted sums of the values, for the same pairs.
template <typename T>
void weigh_pairs(const Job<T>& job, int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i) {
        const int64_t b = i / job.heads, h = i % job.heads;
        for (int64_t r = 0; r < job.rows; ++r) {
            const float* w = job.weights + (i * job.rows + r) * job.keys;
            float* out = job.context + (i * job.rows + r) * job.dh;
            for (int64_t j = 0; j < job.keys; ++j) {
                if (w[j] == 0) continue;  // a masked key
                const T* v = job.value.at(b, h, j);
                for (int64_t d = 0; d < job.dh; ++d) out[d] += w[j] * static_cast<float>(v[d]);
            }
        }
    }
}

// At least this many multiply-adds per thread before the work is split.
constexpr int64_t kGrain = 32768;

template <typename T>
at::Tensor attend(const at::Tensor& q, const at::Tensor& k, const at::Tensor& v,
                  const at::Tensor& bias) {
    const int64_t batch = q.size(0), heads = q.size(1), rows = q.size(2), dh = q.size(3);
    const int64_t keys = k.size(2);
    // A broadcast bias expands to strides of 0, so one index formula serves every shape.
    const at::Tensor expanded =
        bias.defined() ? bias.to(at::kFloat).expand({batch, heads, rows, keys}) : bias;
    const auto stride = [&](int64_t dim) { return bias.defined() ? expanded.stride(dim) : 0; };
    const auto fp32 = q.options().dtype(at::kFloat);
    at::Tensor scores = at::empty({batch, heads, rows, keys}, fp32);
    at::Tensor context = at::zeros({batch, heads, rows, dh}, fp32);
    Job<T> job{heads,
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
               scores.data_ptr<float>(),
               nullptr,
               context.data_ptr<float>()};
    const int64_t grain = std::max<int64_t>(1, kGrain / std::max<int64_t>(1, rows * keys * dh));
    at::parallel_for(0, batch * heads, grain,
                     [&](int64_t begin, int64_t end) { score_pairs(job, begin, end); });
    const at::Tensor weights = at::softmax(scores, -1);
    job.weights = weights.data_ptr<float>();
    at::parallel_for(0, batch * heads, grain,
                     [&](int64_t begin, int64_t end) { weigh_pairs(job, begin, end); });
    return context.to(q.scalar_type());
}

}  // namespace

bool step_attention_applies(const at::Tensor& q, const at::Tensor& k, const at::Tensor& v,
                            const at::Tensor& bias) {
    const at::ScalarType type = q.scalar_type();
    if (type != at::kFloat && type != at::kBFloat16) return false;
    for (const at::Tensor* t : {&q, &k, &v})
        if (t->dim() != 4 || !t->device().is_cpu() || t->scalar_type() != type ||
            t->requires_grad() || t->stride(3) != 1)
            return false;
    if (bias.defined() && (bias.requires_grad() || !bias.device().is_cpu() || bias.dim() > 4))
        return false;
    return q.size(2) <= kStepAttentionRows && q.size(0) == k.size(0) && q.size(1) == k.size(1) &&
           k.sizes() == v.sizes() && q.size(3) == k.size(3);
}

at::Tensor step_attention(const at::Tensor& q, const at::Tensor& k, const at::Tensor& v,
                          const at::Tensor& bias) {
    if (q.scalar_type() == at::kBFloat16) return attend<c10::BFloat16>(q, k, v, bias);
    return attend<float>(q, k, v, bias);
}

}  // namespace tfw
