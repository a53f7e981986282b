#include <ATen/ATen.h>
#include <c10/core/InferenceMode.h>

#include <cmath>
#include <limits>
#include <memory>
#include <numeric>

#include "core/data/tokenizer.h"
#include "core/decode/input_feed.h"
#include "core/decode/logit_rules.h"
#include "core/decode/search.h"
#include "core/decode/step_candidates.h"

namespace tfw {
namespace {

// The rows that stay (`kept`, ascending) packed into the first kept.size() rows: a row that
// stays keeps its place when it can, the last rows move into finished rows' places. Greedy
// rows are independent of their order, so dropping a row copies one row, not the whole cache.
struct Packing {
    std::vector<int64_t> order;     // the old row each new row holds
    std::vector<int64_t> to, from;  // the rows that move: from -> to
    std::vector<size_t> slot_of;    // an old row's index in `kept`

    Packing(const std::vector<int64_t>& kept, size_t old_rows) : slot_of(old_rows) {
        const auto rows = static_cast<int64_t>(kept.size());
        order.assign(kept.size(), -1);
        std::vector<int64_t> movers;
        for (size_t k = 0; k < kept.size(); ++k) {
            const int64_t row = kept[k];
            slot_of[static_cast<size_t>(row)] = k;
            if (row < rows)
                order[static_cast<size_t>(row)] = row;
            else
                movers.push_back(row);
        }
        size_t next = 0;
        for (size_t i = 0; i < order.size(); ++i)
            if (order[i] < 0) {
                order[i] = movers[next++];
                to.push_back(static_cast<int64_t>(i));
                from.push_back(order[i]);
            }
    }
    // Values given in `kept`'s order, in the new rows' order.
    std::vector<int64_t> reordered(const std::vector<int64_t>& by_kept) const {
        std::vector<int64_t> out;
        for (int64_t row : order) out.push_back(by_kept[slot_of[static_cast<size_t>(row)]]);
        return out;
    }
};

}  // namespace

std::vector<std::vector<Hypothesis>> greedy_search(
    TransformerModelImpl& model, const std::vector<std::vector<int>>& inputs,
    const DecodeOptions& options, const std::function<bool(size_t finished)>& keep_going) {
    c10::InferenceMode inference;  // no autograd bookkeeping on any operator
    const auto device = model.parameters().front().device();
    const bool lm = model.options().is_lm();
    const int64_t max_positions = model.options().max_positions;
    const size_t slots =
        std::min(inputs.size(), static_cast<size_t>(std::max(1, options.batch_size)));
    const std::vector<std::vector<int>> first(inputs.begin(),
                                              inputs.begin() + static_cast<long>(slots));
    DecodeBatch input = make_decode_batch(first, lm, options, max_positions, device);
    // More inputs than rows: finished rows take the next ones.
    std::unique_ptr<InputFeed> feed;
    if (slots < inputs.size())
        feed = std::make_unique<InputFeed>(model, inputs, options, slots, keep_going);

    std::vector<Hypothesis> hyps(inputs.size());
    std::vector<int64_t> limit(inputs.size());
    for (size_t b = 0; b < inputs.size(); ++b)
        limit[b] = b < slots ? input.max_output[b]
                             : output_limit(static_cast<int64_t>(inputs[b].size()), lm, options,
                                            max_positions);
    EncoderOutput encoded;
    if (!lm) encoded = model.encode(input.tokens);
    DecoderCache cache;
    at::Tensor next = lm ? input.tokens
                         : at::full({static_cast<int64_t>(slots), 1}, kBosId, at::kLong).to(device);
    // The input of each row and the tokens it has produced; finished rows leave the batch or
    // take the next input.
    std::vector<int64_t> live(slots), steps(slots, 0);
    std::iota(live.begin(), live.end(), int64_t(0));
    size_t finished_inputs = 0;

    for (int64_t t = 0; !live.empty(); ++t) {
        // The rules mask the logits; the best token of each row and its log-probability come
        // from one pass over them (step_candidates.h: no [rows, V] log_softmax).
        at::Tensor logits = model.decode_step(next, lm ? nullptr : &encoded, cache);
        if (logits.scalar_type() != at::kFloat) logits = logits.to(at::kFloat);
        logits = logits.contiguous();
        const at::Tensor normalizers = log_softmax_normalizers(logits);
        std::vector<Hypothesis> live_hyps;  // only the n-gram rule reads them
        if (options.no_repeat_ngram > 0)
            for (int64_t b : live) live_hyps.push_back(hyps[b]);
        apply_logit_rules(logits, live_hyps, options, steps);
        std::vector<int64_t> limits;
        for (int64_t b : live) limits.push_back(limit[b]);
        force_eos_at_limit(logits, limits, steps);
        const StepCandidates best = best_candidates(
            logits, normalizers, std::vector<double>(live.size(), 0.0), /*beam=*/1, /*wanted=*/1);
        const auto token_of = best.ids.accessor<int64_t, 2>();
        const auto log_prob_of = best.log_probs.accessor<float, 2>();
        // The rows going on, and what they take next: their token, or BOS for a new input.
        std::vector<int64_t> kept, next_live, next_steps, next_tokens, taken_slots;
        std::vector<size_t> taken;
        for (size_t r = 0; r < live.size(); ++r) {
            const int64_t b = live[r];
            const int token = static_cast<int>(token_of[static_cast<int64_t>(r)][0]);
            Hypothesis& h = hyps[b];
            h.token_log_probs.push_back(log_prob_of[static_cast<int64_t>(r)][0]);
            h.score += h.token_log_probs.back();
            if (token != kEosId) {
                h.tokens.push_back(token);
                next_live.push_back(b);
                next_steps.push_back(steps[r] + 1);
                next_tokens.push_back(token);
            } else {
                h.finished = steps[r] < limit[b];  // not when forced at the limit
                ++finished_inputs;
                const auto another = feed ? feed->next(finished_inputs) : std::nullopt;
                if (!another) continue;
                taken.push_back(*another);
                taken_slots.push_back(static_cast<int64_t>(kept.size()));
                next_live.push_back(static_cast<int64_t>(*another));
                next_steps.push_back(0);
                next_tokens.push_back(kBosId);
            }
            kept.push_back(static_cast<int64_t>(r));
        }
        if (kept.empty()) break;
        if (options.on_step &&
            !options.on_step(static_cast<int>(t + 1), static_cast<int>(input.longest_output)))
            break;
        if (kept.size() < live.size()) {
            // Only once no input is left to take (a finished row takes the next one). Rows
            // that took the last inputs this step come before every row that left (rows take
            // inputs in order), so they keep their places: taken_slots stay valid.
            const Packing packing(kept, live.size());
            next_live = packing.reordered(next_live);
            next_steps = packing.reordered(next_steps);
            next_tokens = packing.reordered(next_tokens);
            const at::Tensor to_t = long_tensor(packing.to, device);
            const at::Tensor from_t = long_tensor(packing.from, device);
            const auto rows = static_cast<int64_t>(kept.size());
            cache.move_rows(to_t, from_t, rows);
            if (!lm) encoded.move_rows(to_t, from_t, rows);
        }
        if (!taken.empty()) {
            feed->place(taken_slots, taken, encoded, cache);
            cache.restart_rows(long_tensor(taken_slots, device));
        }
        next = long_tensor(next_tokens, device).unsqueeze(1);
        live = std::move(next_live);
        steps = std::move(next_steps);
    }
    std::vector<std::vector<Hypothesis>> out(inputs.size());
    for (size_t b = 0; b < hyps.size(); ++b) {
        if (hyps[b].token_log_probs.empty()) continue;  // never started (stopped early)
        hyps[b].normalized =
            hyps[b].score / length_penalty(static_cast<int64_t>(hyps[b].token_log_probs.size()),
                                           options.lenpen, options.lenpen_form);
        out[b].push_back(std::move(hyps[b]));
    }
    return out;
}

}  // namespace tfw
