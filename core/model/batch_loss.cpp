#include "core/model/batch_loss.h"

#include <torch/utils.h>

#include "core/model/autocast_guard.h"
#include "core/model/label_smoothed_loss.h"

namespace tfw {

StepStats evaluate_batch(TransformerModelImpl& model, const BatchTensors& batch,
                         Precision precision) {
    torch::NoGradGuard no_grad;
    AutocastGuard autocast(precision, batch.tgt_in.device());
    const at::Tensor logits = model.forward(batch.src, batch.tgt_in);
    const LossSums sums = label_smoothed_loss(logits, batch.tgt_out, 0.0);
    return {sums.loss.item<double>(), sums.nll.item<double>(), sums.tokens,
            sums.correct.item<int64_t>()};
}

}  // namespace tfw
