#pragma once
// Label-smoothed cross-entropy over non-padding target tokens:
//   loss = (1 - eps) * NLL + eps * mean_v(-log p_v)
// summed over tokens; the unsmoothed NLL (for perplexity) and correct-token count come along.

#include <ATen/core/Tensor.h>

namespace tfw {

struct LossSums {
    at::Tensor loss;     // scalar, differentiable: sum over non-padding tokens
    at::Tensor nll;      // scalar, no grad: unsmoothed NLL sum
    at::Tensor correct;  // scalar, no grad: argmax == target count
    int64_t tokens = 0;  // non-padding target tokens
};

// logits [B, T, V] (any float type; computed in fp32), targets [B, T] with kPadId as padding.
LossSums label_smoothed_loss(const at::Tensor& logits, const at::Tensor& targets, double epsilon);

}  // namespace tfw
