#include "core/decode/search_readback.h"

#include "core/runtime/host_reads.h"

namespace tfw {

SearchReadback::SearchReadback(const at::Tensor& tokens, const at::Tensor& log_probs,
                               const at::Tensor& score, const at::Tensor& token_count,
                               const at::Tensor& lp_count, const at::Tensor& finished)
    : tokens_(read_to_host(tokens)),
      log_probs_(read_to_host(log_probs)),
      score_(read_to_host(score)),
      token_count_(read_to_host(token_count)),
      lp_count_(read_to_host(lp_count)),
      finished_(read_to_host(finished)),
      columns_(static_cast<size_t>(tokens.size(-1))) {}

Hypothesis SearchReadback::hypothesis(size_t row) const {
    Hypothesis h;
    const size_t start = row * columns_;
    for (size_t i = 0; i < static_cast<size_t>(token_count_[row]); ++i)
        h.tokens.push_back(static_cast<int>(tokens_[start + i]));
    for (size_t i = 0; i < static_cast<size_t>(lp_count_[row]); ++i)
        h.token_log_probs.push_back(static_cast<float>(log_probs_[start + i]));
    h.score = score_[row];
    h.finished = finished_[row] != 0;
    return h;
}

}  // namespace tfw
