// Batched beam search: every input of a batch keeps `beam` rows, all rows advance with one
// decode_step per time step, and the self-attention cache is reordered (and shrunk as inputs
// finish) with DecoderCache::select; the encoder output and cross-attention cache keep one
// row per input, shrunk with select_memory. On the CPU a reorder moves only a table of where
// each row's keys are (DecoderCache::follow_origins).
//
// Stopping: an input is done when it holds the `nbest` finished hypotheses it returns and no
// open one can still beat the worst of them (a hypothesis that cannot enter the list changes
// nothing); with options.patience p > 0 also once beam × p hypotheses have ended
// (CTranslate2's early stop, opt-in). The bound is sound with any length penalty: token
// log-probabilities are <= 0, so an open hypothesis with score s can at best end with score s
// at the longest allowed length (the limit plus EOS), i.e. normalized
// s / length_penalty(max length + 1). At the length limit EOS is forced and scored
// (force_eos_at_limit); those hypotheses are marked unfinished.
#include <ATen/ATen.h>
#include <c10/core/InferenceMode.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/data/tokenizer.h"
#include "core/decode/logit_rules.h"
#include "core/decode/search.h"
#include "core/decode/step_candidates.h"

namespace tfw {
namespace {

constexpr float kMinusInf = -std::numeric_limits<float>::infinity();

// The finished hypotheses of one input, at most `capacity` (the n-best returned), best
// normalized score first.
struct FinishedList {
    size_t capacity = 0;
    std::vector<Hypothesis> hyps;
    int64_t ended = 0;  // every hypothesis that ended, kept or not

    bool full() const { return hyps.size() >= capacity; }
    double worst() const { return hyps.back().normalized; }
    void add(Hypothesis h) {
        ++ended;
        if (full() && h.normalized <= worst()) return;
        auto at = std::upper_bound(
            hyps.begin(), hyps.end(), h.normalized,
            [](double value, const Hypothesis& other) { return value > other.normalized; });
        hyps.insert(at, std::move(h));
        if (hyps.size() > capacity) hyps.pop_back();
    }
};

void normalize(Hypothesis& h, const DecodeOptions& options) {
    h.normalized = h.score / length_penalty(static_cast<int64_t>(h.token_log_probs.size()),
                                            options.lenpen, options.lenpen_form);
}

}  // namespace

std::vector<std::vector<Hypothesis>> beam_search(TransformerModelImpl& model,
                                                 const std::vector<std::vector<int>>& inputs,
                                                 const DecodeOptions& options) {
    c10::InferenceMode inference;  // no autograd bookkeeping on any operator
    const auto device = model.parameters().front().device();
    const int64_t beam = options.beam;
    const int64_t batch = static_cast<int64_t>(inputs.size());
    const bool lm = model.options().is_lm();
    const DecodeBatch input =
        make_decode_batch(inputs, lm, options, model.options().max_positions, device);

    // The first step takes one row per input (its `beam` hypotheses would all be the same
    // prefix); its best candidates then start the input's `beam` rows, which the cache
    // expands to by the same selection as a reorder. The encoder output keeps one row per
    // input: cross-attention serves an input's rows from it.
    EncoderOutput encoded;
    if (!lm) encoded = model.encode(input.tokens);
    at::Tensor next = lm ? input.tokens : at::full({batch, 1}, kBosId, at::kLong).to(device);
    std::vector<Hypothesis> open(static_cast<size_t>(batch));
    std::vector<double> open_scores(open.size(), 0.0);
    std::vector<int64_t> active(static_cast<size_t>(batch));  // input index of each row group
    for (int64_t b = 0; b < batch; ++b) active[b] = b;
    std::vector<FinishedList> finished(static_cast<size_t>(batch));
    for (auto& list : finished)
        list.capacity = static_cast<size_t>(std::min<int64_t>(beam, options.nbest));
    const int64_t patient_until =
        options.patience > 0
            ? std::max<int64_t>(1, static_cast<int64_t>(std::ceil(beam * options.patience)))
            : std::numeric_limits<int64_t>::max();

    DecoderCache cache;
    cache.follow_origins = device.is_cpu();  // a reorder moves no keys (DecoderCache)
    for (int64_t step = 0; !active.empty(); ++step) {
        const int64_t group_rows = step == 0 ? 1 : beam;  // rows of each input at this step
        // The rules mask the logits themselves: their log_softmax then is the masked
        // log-probabilities, read only where a candidate is taken (step_candidates.h).
        at::Tensor logits =
            model.decode_step(next, lm ? nullptr : &encoded, cache).to(at::kFloat).contiguous();
        const at::Tensor normalizers = log_softmax_normalizers(logits);
        apply_logit_rules(logits, open, options, step);
        std::vector<int64_t> row_limits;
        for (int64_t b : active)
            row_limits.insert(row_limits.end(), group_rows, input.max_output[b]);
        force_eos_at_limit(logits, row_limits, step);
        // A cancelled search ends every open hypothesis at this step.
        const bool cancelled =
            options.on_step &&
            !options.on_step(static_cast<int>(step + 1), static_cast<int>(input.longest_output));
        const int64_t vocab = logits.size(1);
        const int64_t wanted = std::min<int64_t>(2 * beam, group_rows * vocab);
        const StepCandidates top =
            best_candidates(logits, normalizers, open_scores, group_rows, wanted);
        const auto top_score = top.scores.accessor<float, 2>();
        const auto top_id = top.ids.accessor<int64_t, 2>();
        const auto lp = top.log_probs.accessor<float, 2>();

        std::vector<int64_t> next_active, source_rows, next_tokens;
        std::vector<Hypothesis> next_open;
        std::vector<double> next_scores;
        std::vector<int64_t> kept_groups;  // positions in `active` of the inputs still open
        for (size_t a = 0; a < active.size(); ++a) {
            const int64_t b = active[a];
            FinishedList& done = finished[b];
            std::vector<int64_t> chosen;  // candidate columns continuing as open rows
            for (int64_t j = 0; j < wanted && static_cast<int64_t>(chosen.size()) < beam; ++j) {
                if (top_score[a][j] == kMinusInf) break;
                const int64_t row = static_cast<int64_t>(a) * group_rows + top_id[a][j] / vocab;
                const int token = static_cast<int>(top_id[a][j] % vocab);
                if (token != kEosId) {
                    chosen.push_back(j);
                    continue;
                }
                if (j >= beam) continue;  // as in fairseq: EOS counts only among the top `beam`
                Hypothesis h = open[row];
                h.token_log_probs.push_back(lp[a][j]);
                h.score += h.token_log_probs.back();
                h.finished = step < input.max_output[b];  // not when forced at the limit
                normalize(h, options);
                done.add(std::move(h));
            }
            std::vector<Hypothesis> group;
            for (int64_t j : chosen) {
                const int64_t row = static_cast<int64_t>(a) * group_rows + top_id[a][j] / vocab;
                const int token = static_cast<int>(top_id[a][j] % vocab);
                Hypothesis h = open[row];
                h.tokens.push_back(token);
                h.token_log_probs.push_back(lp[a][j]);
                h.score += h.token_log_probs.back();
                group.push_back(std::move(h));
            }
            // When cancelled the open hypotheses end here, unfinished and without EOS.
            if (cancelled) {
                for (auto& h : group) {
                    normalize(h, options);
                    done.add(std::move(h));
                }
                group.clear();
            }
            if (group.empty() || done.ended >= patient_until) continue;
            if (done.full()) {
                const double best_open = group.front().score;  // candidates come best first
                const double bound =
                    best_open /
                    length_penalty(input.max_output[b] + 1, options.lenpen, options.lenpen_form);
                if (bound <= done.worst()) continue;
            }
            // Dead rows (fewer live candidates than beam) repeat the first with score -inf.
            next_active.push_back(b);
            for (int64_t k = 0; k < beam; ++k) {
                const bool live = k < static_cast<int64_t>(group.size());
                const int64_t j = chosen[live ? k : 0];
                source_rows.push_back(static_cast<int64_t>(a) * group_rows + top_id[a][j] / vocab);
                next_tokens.push_back(top_id[a][j] % vocab);
                next_open.push_back(group[live ? k : 0]);
                next_scores.push_back(live ? group[k].score : kMinusInf);
            }
            kept_groups.push_back(static_cast<int64_t>(a));
        }
        if (next_active.empty()) break;
        const at::Tensor rows = long_tensor(source_rows, device);
        cache.select(rows);
        if (!lm && next_active.size() < active.size()) {
            const at::Tensor groups = long_tensor(kept_groups, device);
            encoded.select(groups);
            cache.select_memory(groups);
        }
        next = long_tensor(next_tokens, device).unsqueeze(1);
        active = std::move(next_active);
        open = std::move(next_open);
        open_scores = std::move(next_scores);
    }

    std::vector<std::vector<Hypothesis>> out(inputs.size());
    for (size_t b = 0; b < inputs.size(); ++b) out[b] = std::move(finished[b].hyps);
    return out;
}

}  // namespace tfw
