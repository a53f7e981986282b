#pragma once
// One training step's pieces, shared by the trainer and `tfw bench train` so the
// benchmark measures exactly what training runs.

#include <ATen/core/Tensor.h>

#include "core/config/experiment_config.h"
#include "core/data/dataset.h"
#include "core/model/batch_tensors.h"
#include "core/model/label_smoothed_loss.h"
#include "core/model/transformer_model.h"
#include "core/train/optimizer_step.h"
#include "core/train/step_graphs.h"

namespace tfw {

// Forward and backward of one batch; gradients of (loss sum * loss_scale) accumulate
// into the parameters. bf16/fp16 run under autocast with fp32 weights and an fp32 loss.
// The sums it returns stay on the device (detached).
LossSums forward_backward(TransformerModelImpl& model, const BatchTensors& batch,
                          double label_smoothing, double loss_scale, Precision precision);
// The same with the loss scale as a float scalar on the device (read there, as a CUDA graph's
// replay needs it).
LossSums forward_backward(TransformerModelImpl& model, const BatchTensors& batch,
                          double label_smoothing, const at::Tensor& loss_scale,
                          Precision precision);

// A whole step as CUDA graphs record it (and as one process without accumulation or fp16 takes
// it on any device): forward and backward with the loss scale from in.loss_scale, clipping and
// the update at in.lr (lr is what the optimizer's saved state records), nothing changed when
// in.halt is set or the loss or gradients are not finite. Gradients are zeroed where they are
// when recording (a recorded step writes to them), else dropped as ordinary steps drop them.
// Every tensor take_step changes: the parameters, then the optimizer's moments and counts.
std::vector<at::Tensor> step_state(TransformerModelImpl& model,
                                   const OptimizerStep& optimizer_step);

StepOutputs take_step(TransformerModelImpl& model, OptimizerStep& optimizer_step,
                      const StepInputs& in, double lr, double label_smoothing, Precision precision,
                      bool recording);

}  // namespace tfw
