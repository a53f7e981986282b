#include "core/decode/step_candidates.h"

#include <ATen/ATen.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/runtime/parallel_for.h"
#include "core/util/float_vectors.h"

namespace tfw {
namespace {

// The lambdas below pass vectors around inside the clones, inlined (float_vectors.h).
#pragma GCC diagnostic ignored "-Wpsabi"

using vectors::Floats;
using vectors::kLanes;
using vectors::kMinusInf;
using vectors::load;
using vectors::load_part;
using vectors::max_lane;
using vectors::max_of;

TFW_VECTOR_CLONES
void normalize_rows(const float* logits, int64_t begin, int64_t end, int64_t vocab, float* out) {
    const int64_t whole = vocab / kLanes * kLanes;
    for (int64_t r = begin; r < end; ++r) {
        const float* x = logits + r * vocab;
        const Floats tail = load_part(x + whole, vocab - whole, kMinusInf);
        Floats maxima = tail;
        for (int64_t i = 0; i < whole; i += kLanes) maxima = max_of(maxima, load(x + i));
        const float max = max_lane(maxima);
        Floats sums = vectors::exp_or_zero(tail - max);
        for (int64_t i = 0; i < whole; i += kLanes) sums += vectors::exp_or_zero(load(x + i) - max);
        const float sum = vectors::sum_lanes(sums);
        out[2 * r] = max;
        out[2 * r + 1] = std::log(sum);
    }
}

// The best candidates so far of one group, best first; equal values keep the earlier id.
struct Best {
    float* values;
    int64_t* ids;
    int64_t wanted, size = 0;

    float threshold() const { return size < wanted ? kMinusInf : values[wanted - 1]; }
    void offer(float value, int64_t id) {
        int64_t at = std::min(size, wanted - 1);
        if (size == wanted && value <= values[at]) return;
        while (at > 0 && values[at - 1] < value) {
            values[at] = values[at - 1];
            ids[at] = ids[at - 1];
            --at;
        }
        values[at] = value;
        ids[at] = id;
        size = std::min(size + 1, wanted);
    }
};

// Candidates of one row: ((x - max) - log_sum) + score, rounded as log_softmax and the sum
// with the score round them. Four vectors at a time; only those whose best beats the group's
// threshold are looked into.
TFW_VECTOR_CLONES
void offer_row(const float* x, int64_t vocab, float max, float log_sum, float score,
               int64_t first_id, Best& best) {
    constexpr int64_t kChunk = 4 * kLanes;
    // Inlined for certain: a lambda is compiled without the clone's target, and a vector would
    // cross the call in another form (float_vectors.h).
    const auto candidates = [&](Floats values) __attribute__((always_inline)) {
        return ((values - max) - log_sum) + score;
    };
    const auto look_into = [&](const Floats& values, int64_t i, int64_t n) {
        for (int64_t l = 0; l < n; ++l)
            if (values[l] > best.threshold()) best.offer(values[l], first_id + i + l);
    };
    const int64_t chunks = vocab / kChunk * kChunk;
    for (int64_t i = 0; i < chunks; i += kChunk) {
        const Floats c[4] = {candidates(load(x + i)), candidates(load(x + i + kLanes)),
                             candidates(load(x + i + 2 * kLanes)),
                             candidates(load(x + i + 3 * kLanes))};
        if (!(max_lane(max_of(max_of(c[0], c[1]), max_of(c[2], c[3]))) > best.threshold()))
            continue;
        for (int k = 0; k < 4; ++k) look_into(c[k], i + k * kLanes, kLanes);
    }
    for (int64_t i = chunks; i < vocab; i += kLanes) {
        const int64_t n = std::min<int64_t>(kLanes, vocab - i);
        look_into(candidates(n == kLanes ? load(x + i) : load_part(x + i, n, kMinusInf)), i, n);
    }
}

}  // namespace

at::Tensor log_softmax_normalizers(const at::Tensor& logits) {
    TORCH_CHECK(logits.dim() == 2 && logits.scalar_type() == at::kFloat,
                "normalizers take float logits [R, V]");
    if (!logits.device().is_cpu()) {
        const at::Tensor max = std::get<0>(logits.max(1, true));
        return at::cat({max, (logits - max).exp().sum(1, true).log()}, 1);
    }
    const at::Tensor x = logits.contiguous();
    const int64_t rows = x.size(0), vocab = x.size(1);
    at::Tensor out = at::empty({rows, 2}, x.options());
    const float* data = x.data_ptr<float>();
    float* norms = out.data_ptr<float>();
    at::parallel_for(
        0, rows, std::max<int64_t>(1, 32768 / std::max<int64_t>(1, vocab)),
        [&](int64_t begin, int64_t end) { normalize_rows(data, begin, end, vocab, norms); });
    return out;
}

StepCandidates best_candidates(const at::Tensor& logits, const at::Tensor& normalizers,
                               const std::vector<double>& row_scores, int64_t beam,
                               int64_t wanted) {
    const int64_t rows = logits.size(0), vocab = logits.size(1), groups = rows / beam;
    TORCH_CHECK(rows == groups * beam && static_cast<int64_t>(row_scores.size()) == rows,
                "a step's rows must be whole groups of the beam, each with its score");
    wanted = std::min(wanted, beam * vocab);
    StepCandidates out;
    if (!logits.device().is_cpu()) {
        const at::Tensor scores =
            at::tensor(row_scores, at::kDouble).to(at::kFloat).to(logits.device());
        const at::Tensor log_probs =
            (logits - normalizers.narrow(1, 0, 1)) - normalizers.narrow(1, 1, 1);
        const auto top =
            (log_probs + scores.unsqueeze(1)).view({groups, beam * vocab}).topk(wanted, 1);
        out.scores = std::get<0>(top).cpu();
        out.ids = std::get<1>(top).cpu();
        out.log_probs = log_probs.view({groups, beam * vocab}).gather(1, std::get<1>(top)).cpu();
        return out;
    }
    const at::Tensor x = logits.contiguous();
    const at::Tensor norms = normalizers.contiguous();
    out.scores = at::empty({groups, wanted}, at::kFloat);
    out.ids = at::empty({groups, wanted}, at::kLong);
    out.log_probs = at::empty({groups, wanted}, at::kFloat);
    const float* data = x.data_ptr<float>();
    const float* norm = norms.data_ptr<float>();
    float* values = out.scores.data_ptr<float>();
    int64_t* ids = out.ids.data_ptr<int64_t>();
    float* log_probs = out.log_probs.data_ptr<float>();
    std::fill_n(values, groups * wanted, kMinusInf);
    std::fill_n(ids, groups * wanted, int64_t(0));
    std::fill_n(log_probs, groups * wanted, kMinusInf);
    const int64_t grain = std::max<int64_t>(1, 32768 / std::max<int64_t>(1, beam * vocab));
    at::parallel_for(0, groups, grain, [&](int64_t begin, int64_t end) {
        for (int64_t g = begin; g < end; ++g) {
            Best best{values + g * wanted, ids + g * wanted, wanted};
            for (int64_t k = 0; k < beam; ++k) {
                const int64_t r = g * beam + k;
                const float score = static_cast<float>(row_scores[r]);
                if (score == kMinusInf) continue;  // every candidate of a dead row is -inf
                offer_row(data + r * vocab, vocab, norm[2 * r], norm[2 * r + 1], score, k * vocab,
                          best);
            }
            for (int64_t j = 0; j < best.size; ++j) {
                const int64_t r = g * beam + best.ids[j] / vocab;
                const float x_value = data[r * vocab + best.ids[j] % vocab];
                log_probs[g * wanted + j] = (x_value - norm[2 * r]) - norm[2 * r + 1];
            }
        }
    });
    return out;
}

}  // namespace tfw
