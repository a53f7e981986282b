#pragma once
// Language-model figures from summed token statistics.

#include <cmath>
#include <cstdint>
#include <limits>

namespace tfw {

// exp(mean negative log-likelihood per token, in nats); NaN when there are no tokens.
inline double perplexity(double total_nll, int64_t tokens) {
    if (tokens <= 0) return std::numeric_limits<double>::quiet_NaN();
    return std::exp(total_nll / static_cast<double>(tokens));
}

// Perplexity per word of a language model scored per token: exp(loss × tokens per word), with
// each line's end counted as a word (the convention of word-level PTB figures). 0 when the
// tokenizer does not split words (then it equals the token perplexity).
inline double word_perplexity(double loss_per_token, double tokens_per_word) {
    if (!(tokens_per_word > 1.0 + 1e-9)) return 0.0;
    return std::exp(loss_per_token * tokens_per_word);
}

// Fraction of correct predictions, 0 to 1; NaN when there are none.
inline double accuracy(int64_t correct, int64_t total) {
    if (total <= 0) return std::numeric_limits<double>::quiet_NaN();
    return static_cast<double>(correct) / static_cast<double>(total);
}

}  // namespace tfw
