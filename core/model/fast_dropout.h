#pragma once
// Inverted dropout whose mask comes from a counter-based generator filled in parallel.
// LibTorch's CPU bernoulli_ draws from one Mersenne Twister serially, which showed up as
// a measurable share of a training step; this keeps dropout deterministic per seed and
// resumable (the whole state is one counter).

#include <ATen/core/Tensor.h>

#include <cstdint>

namespace tfw {

// Zeroes each element with probability p and scales the rest by 1/(1-p).
at::Tensor fast_dropout(const at::Tensor& input, double p);

// The generator's state: a seed and how many masks have been drawn.
struct DropoutRngState {
    uint64_t seed = 0;
    uint64_t counter = 0;
};
void set_dropout_rng_state(DropoutRngState state);
DropoutRngState dropout_rng_state();

}  // namespace tfw
