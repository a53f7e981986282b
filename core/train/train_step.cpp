#include "core/train/train_step.h"

#include <ATen/ATen.h>
#include <torch/utils.h>

#include "core/model/autocast_guard.h"

namespace tfw {

LossSums forward_backward(TransformerModelImpl& model, const BatchTensors& batch,
                          double label_smoothing, double loss_scale, Precision precision) {
    LossSums sums;
    {
        AutocastGuard autocast(precision, batch.tgt_in.device());
        const at::Tensor logits = model.forward(batch.src, batch.tgt_in);
        sums = label_smoothed_loss(logits, batch.tgt_out, label_smoothing);
    }
    (sums.loss * loss_scale).backward();
    sums.loss = sums.loss.detach();
    return sums;
}

}  // namespace tfw
