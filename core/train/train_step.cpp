#include "core/train/train_step.h"

#include <ATen/ATen.h>
#include <torch/utils.h>

#include "core/model/autocast_guard.h"

namespace tfw {

namespace {

LossSums forward_loss(TransformerModelImpl& model, const BatchTensors& batch,
                      double label_smoothing, Precision precision) {
    AutocastGuard autocast(precision, batch.tgt_in.device());
    const at::Tensor logits = model.forward(batch.src, batch.tgt_in);
    return label_smoothed_loss(logits, batch.tgt_out, label_smoothing);
}

}  // namespace

LossSums forward_backward(TransformerModelImpl& model, const BatchTensors& batch,
                          double label_smoothing, double loss_scale, Precision precision) {
    LossSums sums = forward_loss(model, batch, label_smoothing, precision);
    (sums.loss * loss_scale).backward();
    sums.loss = sums.loss.detach();
    return sums;
}

LossSums forward_backward(TransformerModelImpl& model, const BatchTensors& batch,
                          double label_smoothing, const at::Tensor& loss_scale,
                          Precision precision) {
    LossSums sums = forward_loss(model, batch, label_smoothing, precision);
    (sums.loss * loss_scale).backward();
    sums.loss = sums.loss.detach();
    return sums;
}

std::vector<at::Tensor> step_state(TransformerModelImpl& model,
                                   const OptimizerStep& optimizer_step) {
    std::vector<at::Tensor> state = model.parameters();
    for (const at::Tensor& t : optimizer_step.state_tensors()) state.push_back(t);
    return state;
}

StepOutputs take_step(TransformerModelImpl& model, OptimizerStep& optimizer_step,
                      const StepInputs& in, double lr, double label_smoothing, Precision precision,
                      bool recording) {
    std::vector<at::Tensor> grads;
    for (at::Tensor& p : model.parameters()) {
        if (!p.grad().defined()) continue;
        if (recording)
            grads.push_back(p.grad());
        else
            p.mutable_grad().reset();  // cheaper on a CPU: the backward pass adds to nothing
    }
    if (!grads.empty()) at::_foreach_zero_(grads);
    const LossSums sums =
        forward_backward(model, in.batch, label_smoothing, in.loss_scale, precision);
    const at::Tensor skip = in.halt.logical_or(sums.nll.isfinite().logical_not());
    const at::Tensor grad_norm = optimizer_step.step(lr, skip, in.lr);
    return {sums.loss, sums.nll, grad_norm, skip.logical_or(grad_norm.isfinite().logical_not())};
}

}  // namespace tfw
