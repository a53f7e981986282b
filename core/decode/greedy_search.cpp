#include <ATen/ATen.h>
#include <c10/core/InferenceMode.h>

#include <cmath>
#include <limits>
#include <numeric>

#include "core/data/tokenizer.h"
#include "core/decode/logit_rules.h"
#include "core/decode/search.h"

namespace tfw {

std::vector<std::vector<Hypothesis>> greedy_search(TransformerModelImpl& model,
                                                   const std::vector<std::vector<int>>& inputs,
                                                   const DecodeOptions& options) {
    c10::InferenceMode inference;  // no autograd bookkeeping on any operator
    const auto device = model.parameters().front().device();
    const int64_t batch = static_cast<int64_t>(inputs.size());
    const bool lm = model.options().is_lm();
    DecodeBatch input =
        make_decode_batch(inputs, lm, options, model.options().max_positions, device);

    std::vector<Hypothesis> hyps(inputs.size());
    EncoderOutput encoded;
    if (!lm) encoded = model.encode(input.tokens);
    DecoderCache cache;
    at::Tensor next = lm ? input.tokens : at::full({batch, 1}, kBosId, at::kLong).to(device);
    // The inputs still being decoded, one row each: finished ones leave the batch.
    std::vector<int64_t> live(static_cast<size_t>(batch));
    std::iota(live.begin(), live.end(), int64_t(0));

    for (int64_t t = 0; t < input.longest_output && !live.empty(); ++t) {
        at::Tensor log_probs = at::log_softmax(
            model.decode_step(next, lm ? nullptr : &encoded, cache).to(at::kFloat), -1);
        std::vector<Hypothesis> live_hyps;  // only the n-gram rule reads them
        if (options.no_repeat_ngram > 0)
            for (int64_t b : live) live_hyps.push_back(hyps[b]);
        apply_logit_rules(log_probs, live_hyps, options, t);
        std::vector<int64_t> limits;
        for (int64_t b : live) limits.push_back(input.max_output[b]);
        force_eos_at_limit(log_probs, limits, t);
        // One pass for the best token and its log-probability (argmax, then gather, took
        // about three times as long with LibTorch 1.13).
        const auto [best_values, best] = log_probs.max(-1);
        const at::Tensor best_lp = best_values.cpu();
        const at::Tensor best_cpu = best.cpu();
        const auto token_of = best_cpu.accessor<int64_t, 1>();
        const auto log_prob_of = best_lp.accessor<float, 1>();
        std::vector<int64_t> kept;  // positions in `live` of the rows still open
        for (size_t r = 0; r < live.size(); ++r) {
            const int64_t b = live[r];
            const int token = static_cast<int>(token_of[static_cast<int64_t>(r)]);
            Hypothesis& h = hyps[b];
            h.token_log_probs.push_back(log_prob_of[static_cast<int64_t>(r)]);
            h.score += h.token_log_probs.back();
            if (token == kEosId) {
                h.finished = t < input.max_output[b];  // not when forced at the limit
            } else {
                h.tokens.push_back(token);
                kept.push_back(static_cast<int64_t>(r));
            }
        }
        if (kept.empty()) break;
        if (options.on_step &&
            !options.on_step(static_cast<int>(t + 1), static_cast<int>(input.longest_output)))
            break;
        next = best.unsqueeze(1);
        if (kept.size() < live.size()) {
            const at::Tensor rows = at::tensor(kept, at::kLong).to(device);
            cache.select(rows);
            if (!lm) {
                cache.select_memory(rows);
                encoded.select(rows);
            }
            next = next.index_select(0, rows);
            std::vector<int64_t> still;
            for (int64_t r : kept) still.push_back(live[static_cast<size_t>(r)]);
            live = std::move(still);
        }
    }
    std::vector<std::vector<Hypothesis>> out(inputs.size());
    for (size_t b = 0; b < hyps.size(); ++b) {
        hyps[b].normalized =
            hyps[b].score / length_penalty(static_cast<int64_t>(hyps[b].token_log_probs.size()),
                                           options.lenpen, options.lenpen_form);
        out[b].push_back(std::move(hyps[b]));
    }
    return out;
}

}  // namespace tfw
