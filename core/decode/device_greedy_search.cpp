// Greedy search with its bookkeeping on the model's device: greedy_search.cpp's outputs, but
// each row's tokens, log-probabilities and end are kept in tensors, so a GPU never waits for
// the host between steps. The host asks which inputs have ended every `check_every` steps
// (their rows then leave the batch, their results are kept aside) and reads the results once.
#include <ATen/ATen.h>
#include <c10/core/InferenceMode.h>

#include <algorithm>
#include <numeric>

#include "core/data/tokenizer.h"
#include "core/decode/logit_rules.h"
#include "core/decode/search.h"
#include "core/decode/search_readback.h"
#include "core/runtime/host_reads.h"

namespace tfw {
namespace {

// What greedy search knows of each row of the batch, or of each input once it is set aside.
struct Rows {
    at::Tensor tokens, log_probs;      // [R, columns] long, float
    at::Tensor score;                  // [R] double
    at::Tensor token_count, lp_count;  // [R] long
    at::Tensor finished, done;         // [R] bool

    Rows select(const at::Tensor& index) const {
        return {tokens.index_select(0, index),   log_probs.index_select(0, index),
                score.index_select(0, index),    token_count.index_select(0, index),
                lp_count.index_select(0, index), finished.index_select(0, index),
                done.index_select(0, index)};
    }
    void put(const at::Tensor& index, const Rows& rows) {
        tokens.index_copy_(0, index, rows.tokens);
        log_probs.index_copy_(0, index, rows.log_probs);
        score.index_copy_(0, index, rows.score);
        token_count.index_copy_(0, index, rows.token_count);
        lp_count.index_copy_(0, index, rows.lp_count);
        finished.index_copy_(0, index, rows.finished);
        done.index_copy_(0, index, rows.done);
    }
};

Rows empty_rows(int64_t count, int64_t columns, const at::Device& device) {
    const auto lng = at::TensorOptions().dtype(at::kLong).device(device);
    return {at::zeros({count, columns}, lng),
            at::zeros({count, columns}, lng.dtype(at::kFloat)),
            at::zeros({count}, lng.dtype(at::kDouble)),
            at::zeros({count}, lng),
            at::zeros({count}, lng),
            at::zeros({count}, lng.dtype(at::kBool)),
            at::zeros({count}, lng.dtype(at::kBool))};
}

}  // namespace

std::vector<std::vector<Hypothesis>> greedy_search_on_device(
    TransformerModelImpl& model, const std::vector<std::vector<int>>& inputs,
    const DecodeOptions& options, int64_t check_every) {
    TORCH_CHECK(options.no_repeat_ngram <= 0,
                "greedy_search_on_device: no_repeat_ngram needs "
                "the hypotheses on the host (greedy_search)");
    TORCH_CHECK(check_every >= 1, "greedy_search_on_device: check_every must be >= 1");
    c10::InferenceMode inference;  // no autograd bookkeeping on any operator
    const auto device = model.parameters().front().device();
    const int64_t batch = static_cast<int64_t>(inputs.size());
    const bool lm = model.options().is_lm();
    const DecodeBatch input =
        make_decode_batch(inputs, lm, options, model.options().max_positions, device);
    const int64_t columns = input.longest_output;
    const auto [first, last] =
        std::minmax_element(input.max_output.begin(), input.max_output.end());
    const int64_t first_limit = *first, last_limit = *last;

    std::vector<int64_t> live(static_cast<size_t>(batch));  // the input of each row
    std::iota(live.begin(), live.end(), int64_t(0));
    at::Tensor limit = long_tensor(input.max_output, device);
    Rows rows = empty_rows(batch, columns, device);
    Rows results = empty_rows(batch, columns, device);

    EncoderOutput encoded;
    if (!lm) encoded = model.encode(input.tokens);
    DecoderCache cache;
    at::Tensor next = lm ? input.tokens : at::full({batch, 1}, kBosId, input.tokens.options());
    for (int64_t t = 0; t < input.longest_output; ++t) {
        at::Tensor log_probs = at::log_softmax(
            model.decode_step(next, lm ? nullptr : &encoded, cache).to(at::kFloat), -1);
        apply_logit_rules(log_probs, {}, options, t);
        if (t >= first_limit) force_eos_at_limit(log_probs, limit, t);
        const at::Tensor best = log_probs.argmax(-1);
        const at::Tensor best_lp = log_probs.gather(1, best.unsqueeze(1)).squeeze(1);
        const at::Tensor open = rows.done.logical_not();
        const at::Tensor ends = open.logical_and(best.eq(kEosId));
        rows.tokens.select(1, t).copy_(best);
        rows.log_probs.select(1, t).copy_(best_lp);
        rows.score = at::where(open, rows.score + best_lp.to(at::kDouble), rows.score);
        rows.lp_count.masked_fill_(open, t + 1);
        rows.token_count.masked_fill_(open.logical_and(best.ne(kEosId)), t + 1);
        rows.finished.logical_or_(ends.logical_and(limit.gt(t)));  // not when forced at the limit
        rows.done.logical_or_(ends);
        next = best.unsqueeze(1);
        const bool cancelled =
            options.on_step &&
            !options.on_step(static_cast<int>(t + 1), static_cast<int>(input.longest_output));
        if (cancelled) break;

        // The host looks only now and then; every row has ended at the last length limit.
        if ((t + 1) % check_every != 0 && t < last_limit) continue;
        const std::vector<double> ended = read_to_host(rows.done);
        std::vector<int64_t> kept, still, gone, gone_inputs;
        for (size_t r = 0; r < live.size(); ++r) {
            if (ended[r] != 0) {
                gone.push_back(static_cast<int64_t>(r));
                gone_inputs.push_back(live[r]);
            } else {
                kept.push_back(static_cast<int64_t>(r));
                still.push_back(live[r]);
            }
        }
        if (gone.empty()) continue;
        results.put(long_tensor(gone_inputs, device), rows.select(long_tensor(gone, device)));
        live = std::move(still);
        if (live.empty()) break;
        const at::Tensor index = long_tensor(kept, device);
        cache.select(index);
        if (!lm) {
            cache.select_memory(index);
            encoded.select(index);
        }
        next = next.index_select(0, index);
        limit = limit.index_select(0, index);
        rows = rows.select(index);
    }
    if (!live.empty()) results.put(long_tensor(live, device), rows);

    const SearchReadback read(results.tokens, results.log_probs, results.score, results.token_count,
                              results.lp_count, results.finished);
    std::vector<std::vector<Hypothesis>> out(inputs.size());
    for (size_t b = 0; b < inputs.size(); ++b) {
        Hypothesis h = read.hypothesis(b);
        h.normalized = h.score / length_penalty(static_cast<int64_t>(h.token_log_probs.size()),
                                                options.lenpen, options.lenpen_form);
        out[b].push_back(std::move(h));
    }
    return out;
}

}  // namespace tfw
