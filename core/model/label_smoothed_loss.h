#pragma once
// Label-smoothed cross-entropy over non-padding target tokens:
//   loss = (1 - eps) * NLL + eps * mean_v(-log p_v)
// summed over tokens, with the unsmoothed NLL (for perplexity) beside it. Both stay on the
// device: nothing here waits for the GPU (the token count is the batch's, known on the host).

#include <ATen/core/Tensor.h>

namespace tfw {

struct LossSums {
    at::Tensor loss;  // scalar, differentiable: sum over non-padding tokens
    at::Tensor nll;   // scalar, no grad: unsmoothed NLL sum
};

// logits [B, T, V] (any float type; computed in fp32), targets [B, T] with kPadId as padding.
LossSums label_smoothed_loss(const at::Tensor& logits, const at::Tensor& targets, double epsilon);

// Non-padding targets that are the logits' argmax (a scalar tensor; for evaluation).
at::Tensor correct_predictions(const at::Tensor& logits, const at::Tensor& targets);

}  // namespace tfw
