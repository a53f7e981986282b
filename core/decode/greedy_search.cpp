#include <ATen/ATen.h>
#include <torch/utils.h>

#include <cmath>
#include <limits>

#include "core/data/tokenizer.h"
#include "core/decode/logit_rules.h"
#include "core/decode/search.h"

namespace tfw {

std::vector<std::vector<Hypothesis>> greedy_search(TransformerModelImpl& model,
                                                   const std::vector<std::vector<int>>& inputs,
                                                   const DecodeOptions& options) {
    torch::NoGradGuard no_grad;
    const auto device = model.parameters().front().device();
    const int64_t batch = static_cast<int64_t>(inputs.size());
    const bool lm = model.options().is_lm();
    DecodeBatch input =
        make_decode_batch(inputs, lm, options, model.options().max_positions, device);

    std::vector<Hypothesis> hyps(inputs.size());
    std::vector<bool> done(inputs.size(), false);
    EncoderOutput encoded;
    if (!lm) encoded = model.encode(input.tokens);
    DecoderCache cache;
    at::Tensor next = lm ? input.tokens : at::full({batch, 1}, kBosId, at::kLong).to(device);

    for (int64_t t = 0; t < input.longest_output; ++t) {
        at::Tensor log_probs = at::log_softmax(
            model.decode_step(next, lm ? nullptr : &encoded, cache).to(at::kFloat), -1);
        apply_logit_rules(log_probs, hyps, options, t);
        force_eos_at_limit(log_probs, input.max_output, t);
        const at::Tensor best = log_probs.argmax(-1);
        const at::Tensor best_lp = log_probs.gather(1, best.unsqueeze(1)).squeeze(1).cpu();
        const at::Tensor best_cpu = best.cpu();
        bool all_done = true;
        for (int64_t b = 0; b < batch; ++b) {
            if (done[b]) continue;
            const int token = static_cast<int>(best_cpu[b].item<int64_t>());
            Hypothesis& h = hyps[b];
            h.token_log_probs.push_back(best_lp[b].item<float>());
            h.score += h.token_log_probs.back();
            if (token == kEosId) {
                h.finished = t < input.max_output[b];  // not when forced at the limit
                done[b] = true;
            } else {
                h.tokens.push_back(token);
            }
            all_done = all_done && done[b];
        }
        if (all_done) break;
        if (options.on_step &&
            !options.on_step(static_cast<int>(t + 1), static_cast<int>(input.longest_output)))
            break;
        next = best.unsqueeze(1);
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
