#pragma once
// What every search shares: padded input batches with per-row output limits, and the rules
// applied to next-token log-probabilities (minimum length, no-repeat n-grams, EOS at the
// length limit).

#include <ATen/core/Tensor.h>

#include <vector>

#include "core/decode/decode_options.h"
#include "core/decode/hypothesis.h"

namespace tfw {

struct DecodeBatch {
    at::Tensor tokens;  // [B, L]: padded sources (seq2seq) or prompts (lm, equal length)
    std::vector<int64_t> max_output;  // per row: most output tokens allowed (EOS not counted)
    int64_t longest_output = 0;
};

// `values` as a long tensor on `device` (row indices for a search's selections).
at::Tensor long_tensor(const std::vector<int64_t>& values, const at::Device& device);

// Most output tokens allowed after an input of `length` tokens (EOS not counted).
int64_t output_limit(int64_t length, bool lm, const DecodeOptions& options, int64_t max_positions);

// Language-model prompts must all have one length (they are decoded together).
DecodeBatch make_decode_batch(const std::vector<std::vector<int>>& inputs, bool lm,
                              const DecodeOptions& options, int64_t max_positions,
                              const at::Device& device);

// Row r of log_probs [R, V] continues hyps[r] (for beam search several rows per input).
// step = tokens produced so far. PAD and BOS are never allowed; EOS not before min_len.
void apply_logit_rules(at::Tensor& log_probs, const std::vector<Hypothesis>& hyps,
                       const DecodeOptions& options, int64_t step);
// The same with each row at a step of its own (a search that starts inputs in finished rows).
void apply_logit_rules(at::Tensor& log_probs, const std::vector<Hypothesis>& hyps,
                       const DecodeOptions& options, const std::vector<int64_t>& row_steps);

// Rows whose limit (row_limits[r], most output tokens) is reached may only end: every token
// but EOS is ruled out, and EOS keeps the model's log-probability, so a hypothesis cut at the
// limit is ranked with the price of ending there (as fairseq does). Applied after the rules
// above; it overrides min_len.
void force_eos_at_limit(at::Tensor& log_probs, const std::vector<int64_t>& row_limits,
                        int64_t step);
void force_eos_at_limit(at::Tensor& log_probs, const std::vector<int64_t>& row_limits,
                        const std::vector<int64_t>& row_steps);
// The same with the limits [R] on log_probs' device: nothing is read back to the host (the
// searches that keep their bookkeeping on the device).
void force_eos_at_limit(at::Tensor& log_probs, const at::Tensor& row_limits, int64_t step);

}  // namespace tfw
