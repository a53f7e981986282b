// Ancestral sampling with temperature, top-k and top-p (nucleus) truncation. Each input gets
// options.samples rows decoded together. Every input draws from its own generator, seeded
// from (options.seed, the input's index), so an input's samples depend neither on LibTorch's
// global state nor on the inputs decoded beside it. Recorded token log-probabilities are the
// model's (after the logit rules), before temperature and truncation, so sample scores
// compare with search scores.
#include <ATen/ATen.h>
#include <c10/core/InferenceMode.h>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <numeric>
#include <random>

#include "core/data/tokenizer.h"
#include "core/decode/logit_rules.h"
#include "core/decode/search.h"

namespace tfw {
namespace {

// Inverse-CDF draw from one row of probabilities.
int draw(const float* probs, int64_t vocab, std::mt19937_64& rng) {
    const double u = std::uniform_real_distribution<double>(0.0, 1.0)(rng);
    double total = 0;
    int last_possible = 0;
    for (int64_t v = 0; v < vocab; ++v) {
        if (probs[v] <= 0) continue;
        total += probs[v];
        last_possible = static_cast<int>(v);
        if (u < total) return last_possible;
    }
    return last_possible;  // rounding left u just above the total
}

std::mt19937_64 input_generator(uint64_t seed, size_t input_index) {
    std::seed_seq seq{static_cast<uint32_t>(seed), static_cast<uint32_t>(seed >> 32),
                      static_cast<uint32_t>(input_index),
                      static_cast<uint32_t>(static_cast<uint64_t>(input_index) >> 32)};
    return std::mt19937_64(seq);
}

// Zeroes, in each row of probs [R, V] (float, contiguous, on the CPU), every token outside
// the nucleus: a token is kept while the probability before it, most likely first, is still
// short of top_p, so the smallest set reaching top_p is kept (and always the most likely
// token); equal probabilities, the lower id first. The running sum is taken as at::cumsum
// takes it (a double, rounded to float at each token). Only as many tokens are ordered as the
// nucleus needs: a sort of every row took most of a sampling step.
void keep_nucleus(at::Tensor& probs, double top_p) {
    const int64_t rows = probs.size(0), vocab = probs.size(1);
    const float limit = static_cast<float>(top_p);
    float* data = probs.data_ptr<float>();
    std::vector<int64_t> order(static_cast<size_t>(vocab));
    std::vector<char> kept(static_cast<size_t>(vocab));
    for (int64_t r = 0; r < rows; ++r) {
        float* row = data + r * vocab;
        const auto before = [row](int64_t a, int64_t b) {
            return row[a] > row[b] || (row[a] == row[b] && a < b);
        };
        std::iota(order.begin(), order.end(), int64_t(0));
        int64_t ordered = 0, size = 0;
        double total = 0;
        for (bool closed = false; !closed && ordered < vocab;) {
            const int64_t upto = std::min(vocab, std::max<int64_t>(64, 8 * ordered));
            std::partial_sort(order.begin() + ordered, order.begin() + upto, order.end(), before);
            for (; size < upto && !closed; ++size) {
                const float p = row[order[static_cast<size_t>(size)]];
                total += p;
                closed = static_cast<float>(total) - p >= limit;
            }
            if (closed) --size;  // the token that closed it is not kept
            ordered = upto;
        }
        std::fill(kept.begin(), kept.end(), 0);
        for (int64_t k = 0; k < size; ++k) kept[static_cast<size_t>(order[k])] = 1;
        for (int64_t v = 0; v < vocab; ++v)
            if (!kept[static_cast<size_t>(v)]) row[v] = 0.0f;
    }
}

}  // namespace

at::Tensor sampling_distribution(const at::Tensor& log_probs, const DecodeOptions& options) {
    at::Tensor probs = at::softmax(log_probs / options.temperature, -1);
    const int64_t vocab = probs.size(1);
    if (options.top_k > 0 && options.top_k < vocab) {
        // Exactly k tokens, also when several tie at the k-th probability.
        const at::Tensor keep = at::zeros_like(probs, at::kBool)
                                    .scatter(1, std::get<1>(probs.topk(options.top_k, 1)), true);
        probs = probs.masked_fill(keep.logical_not(), 0.0);
        probs = probs / probs.sum(1, /*keepdim=*/true);
    }
    if (options.top_p < 1.0) {
        // On the distribution left by top-k, renormalized (as Hugging Face applies them).
        if (probs.device().is_cpu()) {
            keep_nucleus(probs, options.top_p);
        } else {
            const auto sorted = probs.sort(1, /*descending=*/true);
            const at::Tensor values = std::get<0>(sorted);
            const at::Tensor drop_sorted = (values.cumsum(1) - values) >= options.top_p;
            const at::Tensor drop =
                at::zeros_like(drop_sorted).scatter(1, std::get<1>(sorted), drop_sorted);
            probs = probs.masked_fill(drop, 0.0);
        }
    }
    return probs / probs.sum(1, /*keepdim=*/true);
}

std::vector<std::vector<Hypothesis>> sample_search(TransformerModelImpl& model,
                                                   const std::vector<std::vector<int>>& inputs,
                                                   const DecodeOptions& options,
                                                   std::vector<size_t> input_indices) {
    c10::InferenceMode inference;  // no autograd bookkeeping on any operator
    const auto device = model.parameters().front().device();
    const int64_t samples = options.samples;
    const bool lm = model.options().is_lm();
    if (input_indices.empty()) {
        input_indices.resize(inputs.size());
        std::iota(input_indices.begin(), input_indices.end(), size_t(0));
    }
    std::vector<std::mt19937_64> generators;
    for (size_t index : input_indices) generators.push_back(input_generator(options.seed, index));
    // An input is encoded once and its first step taken once (its samples share that empty
    // prefix): the first step has one row per input, each drawing `samples` tokens from it,
    // and the cache then widens to `samples` rows per input. Cross-attention serves an input's
    // rows from its one row of encoder output, as a beam's. An input leaves the batch once
    // every sample of it has ended.
    const DecodeBatch input =
        make_decode_batch(inputs, lm, options, model.options().max_positions, device);
    std::vector<std::vector<Hypothesis>> out(inputs.size());
    std::vector<int64_t> active(inputs.size());  // the inputs in the batch, in row order
    std::iota(active.begin(), active.end(), int64_t(0));
    std::vector<Hypothesis> hyps(active.size());  // the batch's rows, `per_input` an input
    std::vector<bool> done(hyps.size(), false);
    EncoderOutput encoded;
    if (!lm) encoded = model.encode(input.tokens);
    DecoderCache cache;
    at::Tensor next =
        lm ? input.tokens
           : at::full({static_cast<int64_t>(active.size()), 1}, kBosId, at::kLong).to(device);

    for (int64_t t = 0; t < input.longest_output; ++t) {
        const int64_t per_input = t == 0 ? 1 : samples;
        std::vector<int64_t> limits;
        for (int64_t i : active) limits.insert(limits.end(), per_input, input.max_output[i]);
        at::Tensor log_probs = at::log_softmax(
            model.decode_step(next, lm ? nullptr : &encoded, cache).to(at::kFloat), -1);
        apply_logit_rules(log_probs, hyps, options, t);
        force_eos_at_limit(log_probs, limits, t);
        const at::Tensor probs = sampling_distribution(log_probs, options).cpu().contiguous();
        const at::Tensor lp_cpu = log_probs.cpu().contiguous();
        const int64_t vocab = probs.size(1);
        const float* p = probs.data_ptr<float>();
        const float* lp = lp_cpu.data_ptr<float>();
        // Rows of the next step: every sample of the inputs that still have an open one.
        std::vector<Hypothesis> next_hyps;
        std::vector<bool> next_done;
        std::vector<int64_t> next_active, kept_inputs, source_rows, tokens;
        for (size_t a = 0; a < active.size(); ++a) {
            const int64_t i = active[a];
            std::vector<Hypothesis> group;
            std::vector<bool> group_done;
            std::vector<int64_t> group_rows, group_tokens;
            bool open = false;
            for (int64_t s = 0; s < samples; ++s) {
                const int64_t row = static_cast<int64_t>(a) * per_input + (t == 0 ? 0 : s);
                Hypothesis h = t == 0 ? Hypothesis{} : std::move(hyps[size_t(row)]);
                bool ended = t > 0 && done[size_t(row)];
                int token = kEosId;
                if (!ended) {
                    token = draw(p + row * vocab, vocab, generators[size_t(i)]);
                    h.token_log_probs.push_back(lp[row * vocab + token]);
                    h.score += h.token_log_probs.back();
                    if (token == kEosId) {
                        h.finished = t < input.max_output[i];  // not when forced at the limit
                        ended = true;
                    } else {
                        h.tokens.push_back(token);
                    }
                }
                open = open || !ended;
                group.push_back(std::move(h));
                group_done.push_back(ended);
                group_rows.push_back(row);
                group_tokens.push_back(token);
            }
            if (!open) {
                for (auto& h : group) out[size_t(i)].push_back(std::move(h));
                continue;
            }
            next_active.push_back(i);
            kept_inputs.push_back(static_cast<int64_t>(a));
            std::move(group.begin(), group.end(), std::back_inserter(next_hyps));
            next_done.insert(next_done.end(), group_done.begin(), group_done.end());
            source_rows.insert(source_rows.end(), group_rows.begin(), group_rows.end());
            tokens.insert(tokens.end(), group_tokens.begin(), group_tokens.end());
        }
        active = std::move(next_active);
        hyps = std::move(next_hyps);
        done = std::move(next_done);
        if (active.empty()) break;
        if (options.on_step &&
            !options.on_step(static_cast<int>(t + 1), static_cast<int>(input.longest_output)))
            break;
        cache.select(long_tensor(source_rows, device));
        if (!lm && kept_inputs.size() < static_cast<size_t>(encoded.memory.size(0))) {
            const at::Tensor kept = long_tensor(kept_inputs, device);
            encoded.select(kept);
            cache.select_memory(kept);
        }
        next = long_tensor(tokens, device).unsqueeze(1);
    }
    // Inputs stopped by the length limit or by on_step keep what they have.
    for (size_t a = 0; a < active.size(); ++a)
        for (int64_t s = 0; s < samples; ++s)
            out[size_t(active[a])].push_back(std::move(hyps[a * size_t(samples) + size_t(s)]));

    for (auto& per_input : out) {
        for (Hypothesis& h : per_input)
            h.normalized = h.score / length_penalty(static_cast<int64_t>(h.token_log_probs.size()),
                                                    options.lenpen, options.lenpen_form);
        std::stable_sort(
            per_input.begin(), per_input.end(),
            [](const Hypothesis& a, const Hypothesis& b) { return a.normalized > b.normalized; });
    }
    return out;
}

}  // namespace tfw
