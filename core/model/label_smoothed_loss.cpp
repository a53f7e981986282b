#include "core/model/label_smoothed_loss.h"

#include <ATen/ATen.h>
#include <torch/utils.h>

#include "core/data/tokenizer.h"

namespace tfw {

LossSums label_smoothed_loss(const at::Tensor& logits, const at::Tensor& targets, double epsilon) {
    const int64_t vocab = logits.size(-1);
    const at::Tensor flat_targets = targets.reshape({-1});
    // Padding is zeroed rather than selected out: selecting needs the count on the host.
    const at::Tensor keep = flat_targets.ne(kPadId);
    const at::Tensor log_probs = at::log_softmax(logits.reshape({-1, vocab}).to(at::kFloat), -1);
    const at::Tensor nll = -log_probs.gather(1, flat_targets.unsqueeze(1)).squeeze(1);

    LossSums sums;
    at::Tensor per_token = nll;
    if (epsilon > 0) per_token = (1.0 - epsilon) * nll - epsilon * log_probs.mean(-1);
    const at::Tensor zero = at::zeros({}, nll.options());
    sums.loss = at::where(keep, per_token, zero).sum();
    torch::NoGradGuard no_grad;
    sums.nll = at::where(keep, nll, zero).sum();
    return sums;
}

at::Tensor correct_predictions(const at::Tensor& logits, const at::Tensor& targets) {
    torch::NoGradGuard no_grad;
    const at::Tensor flat_targets = targets.reshape({-1});
    return logits.reshape({flat_targets.size(0), -1})
        .argmax(-1)
        .eq(flat_targets)
        .logical_and(flat_targets.ne(kPadId))
        .sum();
}

}  // namespace tfw
