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

// Fraction of correct predictions, 0 to 1; NaN when there are none.
inline double accuracy(int64_t correct, int64_t total) {
    if (total <= 0) return std::numeric_limits<double>::quiet_NaN();
    return static_cast<double>(correct) / static_cast<double>(total);
}

}  // namespace tfw
