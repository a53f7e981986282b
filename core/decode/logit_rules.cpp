#include "core/decode/logit_rules.h"

#include <ATen/ATen.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>
#include <vector>

#include "core/data/tokenizer.h"

namespace tfw {

at::Tensor long_tensor(const std::vector<int64_t>& values, const at::Device& device) {
    const at::Tensor on_host = at::tensor(values, at::kLong);
    return device.is_cpu() ? on_host : on_host.to(device);
}

int64_t output_limit(int64_t length, bool lm, const DecodeOptions& options, int64_t max_positions) {
    int64_t limit = lm ? options.max_len_b
                       : static_cast<int64_t>(std::floor(options.max_len_a * double(length))) +
                             options.max_len_b;
    // The decoder's position table bounds every output (BOS or the prompt included).
    limit = std::min(limit, max_positions - (lm ? length : 1) - 1);
    return std::max<int64_t>(1, limit);
}

DecodeBatch make_decode_batch(const std::vector<std::vector<int>>& inputs, bool lm,
                              const DecodeOptions& options, int64_t max_positions,
                              const at::Device& device) {
    DecodeBatch batch;
    size_t width = 1;
    for (const auto& input : inputs) width = std::max(width, input.size());
    at::Tensor tokens = at::full({static_cast<int64_t>(inputs.size()), static_cast<int64_t>(width)},
                                 kPadId, at::kLong);
    int64_t* row = tokens.data_ptr<int64_t>();
    for (size_t i = 0; i < inputs.size(); ++i, row += width) {
        TORCH_CHECK(!lm || inputs[i].size() == width,
                    "language-model prompts in one batch must have one length");
        std::copy(inputs[i].begin(), inputs[i].end(), row);
        const int64_t len = static_cast<int64_t>(inputs[i].size());
        batch.max_output.push_back(output_limit(len, lm, options, max_positions));
        batch.longest_output = std::max(batch.longest_output, batch.max_output.back() + 1);
    }
    batch.tokens = tokens.to(device);
    return batch;
}

void apply_logit_rules(at::Tensor& log_probs, const std::vector<Hypothesis>& hyps,
                       const DecodeOptions& options, int64_t step) {
    apply_logit_rules(log_probs, hyps, options,
                      std::vector<int64_t>(static_cast<size_t>(log_probs.size(0)), step));
}

namespace {

// The (row, token) pairs the no-repeat n-gram rule bans: a token that would repeat an earlier
// n-gram of its row's hypothesis.
std::vector<std::pair<int64_t, int64_t>> repeated_ngram_ends(const std::vector<Hypothesis>& hyps,
                                                             int n) {
    std::vector<std::pair<int64_t, int64_t>> banned;
    if (n <= 0) return banned;
    for (size_t r = 0; r < hyps.size(); ++r) {
        const auto& tokens = hyps[r].tokens;
        if (static_cast<int>(tokens.size()) < n - 1) continue;
        // Any earlier n-gram whose first n-1 tokens equal the last n-1 generated ones.
        for (size_t start = 0; start + n <= tokens.size(); ++start) {
            bool match = true;
            for (int k = 0; k < n - 1 && match; ++k)
                match = tokens[start + k] == tokens[tokens.size() - (n - 1) + k];
            if (match) banned.emplace_back(static_cast<int64_t>(r), tokens[start + n - 1]);
        }
    }
    return banned;
}

}  // namespace

void apply_logit_rules(at::Tensor& log_probs, const std::vector<Hypothesis>& hyps,
                       const DecodeOptions& options, const std::vector<int64_t>& row_steps) {
    const float minus_inf = -std::numeric_limits<float>::infinity();
    const auto banned = repeated_ngram_ends(hyps, options.no_repeat_ngram);
    // On the CPU the rules write their few values per row in place: a LibTorch call each
    // costs more than the writing, one input at a time.
    if (log_probs.device().is_cpu() && log_probs.scalar_type() == at::kFloat &&
        log_probs.is_contiguous()) {
        float* data = log_probs.data_ptr<float>();
        const int64_t vocab = log_probs.size(1);
        for (size_t r = 0; r < row_steps.size(); ++r) {
            float* row = data + static_cast<int64_t>(r) * vocab;
            if (row_steps[r] < options.min_len) row[kEosId] = minus_inf;
            row[kPadId] = row[kBosId] = minus_inf;
        }
        for (const auto& [r, token] : banned) data[r * vocab + token] = minus_inf;
        return;
    }
    std::vector<int64_t> early;  // rows before the minimum length: no EOS yet
    for (size_t r = 0; r < row_steps.size(); ++r)
        if (row_steps[r] < options.min_len) early.push_back(static_cast<int64_t>(r));
    // Every row early (the searches that keep one step for all): no index to send anywhere.
    if (early.size() == row_steps.size() && !early.empty())
        log_probs.select(1, kEosId).fill_(minus_inf);
    else if (!early.empty())
        log_probs.select(1, kEosId).index_fill_(0, long_tensor(early, log_probs.device()),
                                                minus_inf);
    log_probs.select(1, kPadId).fill_(minus_inf);
    log_probs.select(1, kBosId).fill_(minus_inf);
    for (const auto& [r, token] : banned) log_probs[r][token] = minus_inf;
}

void force_eos_at_limit(at::Tensor& log_probs, const std::vector<int64_t>& row_limits,
                        int64_t step) {
    force_eos_at_limit(log_probs, row_limits, std::vector<int64_t>(row_limits.size(), step));
}

void force_eos_at_limit(at::Tensor& log_probs, const std::vector<int64_t>& row_limits,
                        const std::vector<int64_t>& row_steps) {
    std::vector<int64_t> rows;
    for (size_t r = 0; r < row_limits.size(); ++r)
        if (row_steps[r] >= row_limits[r]) rows.push_back(static_cast<int64_t>(r));
    if (rows.empty()) return;
    const at::Tensor index = at::tensor(rows, at::kLong).to(log_probs.device());
    const at::Tensor eos = log_probs.index_select(0, index).select(1, kEosId).clone();
    log_probs.index_fill_(0, index, -std::numeric_limits<float>::infinity());
    log_probs.select(1, kEosId).index_copy_(0, index, eos);
}

void force_eos_at_limit(at::Tensor& log_probs, const at::Tensor& row_limits, int64_t step) {
    const at::Tensor eos = log_probs.select(1, kEosId).clone();
    log_probs.masked_fill_(row_limits.le(step).unsqueeze(1),
                           -std::numeric_limits<float>::infinity());
    log_probs.select(1, kEosId).copy_(eos);
}

}  // namespace tfw
