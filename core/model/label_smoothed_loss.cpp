#include "core/model/label_smoothed_loss.h"

#include <ATen/ATen.h>
#include <torch/utils.h>

#include "core/data/tokenizer.h"

namespace tfw {

LossSums label_smoothed_loss(const at::Tensor& logits, const at::Tensor& targets, double epsilon) {
    const int64_t vocab = logits.size(-1);
    const at::Tensor flat_targets = targets.reshape({-1});
    const at::Tensor keep = flat_targets.ne(kPadId);
    const at::Tensor log_probs = at::log_softmax(logits.reshape({-1, vocab}).to(at::kFloat), -1);
    const at::Tensor nll = -log_probs.gather(1, flat_targets.unsqueeze(1)).squeeze(1);

    LossSums sums;
    sums.tokens = keep.sum().item<int64_t>();
    at::Tensor per_token = nll;
    if (epsilon > 0) per_token = (1.0 - epsilon) * nll - epsilon * log_probs.mean(-1);
    sums.loss = per_token.masked_select(keep).sum();
    {
        torch::NoGradGuard no_grad;
        sums.nll = nll.masked_select(keep).sum();
        sums.correct = log_probs.argmax(-1).eq(flat_targets).logical_and(keep).sum();
    }
    return sums;
}

}  // namespace tfw
