#include "core/model/batch_loss.h"

#include <ATen/ATen.h>
#include <torch/utils.h>

#include "core/model/autocast_guard.h"
#include "core/model/label_smoothed_loss.h"
#include "core/runtime/host_reads.h"

namespace tfw {

BatchScore evaluate_batch(TransformerModelImpl& model, const BatchTensors& batch,
                          Precision precision) {
    torch::NoGradGuard no_grad;
    AutocastGuard autocast(precision, batch.tgt_in.device());
    const at::Tensor logits = model.forward(batch.src, batch.tgt_in);
    const LossSums sums = label_smoothed_loss(logits, batch.tgt_out, 0.0);
    const std::vector<double> read = read_to_host(
        at::stack({sums.nll, correct_predictions(logits, batch.tgt_out).to(at::kFloat)}));
    return {read[0], batch.tgt_tokens, static_cast<int64_t>(read[1])};
}

}  // namespace tfw
