#pragma once
// What the searches that keep their bookkeeping on the device (device_beam_search,
// device_greedy_search) read back when they end: each row's tokens and log-probabilities,
// their counts, its score and whether it ended with EOS, one read per tensor.

#include <ATen/core/Tensor.h>

#include <vector>

#include "core/decode/hypothesis.h"

namespace tfw {

class SearchReadback {
  public:
    // tokens, log_probs: [rows, columns] (or [.., .., columns]); the others one value a row.
    SearchReadback(const at::Tensor& tokens, const at::Tensor& log_probs, const at::Tensor& score,
                   const at::Tensor& token_count, const at::Tensor& lp_count,
                   const at::Tensor& finished);

    // Row `row` as a hypothesis; its normalized score is the caller's to set.
    Hypothesis hypothesis(size_t row) const;

  private:
    std::vector<double> tokens_, log_probs_, score_, token_count_, lp_count_, finished_;
    size_t columns_;
};

}  // namespace tfw
