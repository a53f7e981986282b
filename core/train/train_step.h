#pragma once
// One training step's pieces, shared by the trainer and `tfw bench train` so the
// benchmark measures exactly what training runs.

#include <ATen/core/Tensor.h>

#include "core/config/experiment_config.h"
#include "core/data/dataset.h"
#include "core/model/batch_tensors.h"
#include "core/model/label_smoothed_loss.h"
#include "core/model/transformer_model.h"

namespace tfw {

// Forward and backward of one batch; gradients of (loss sum * loss_scale) accumulate
// into the parameters. bf16/fp16 run under autocast with fp32 weights and an fp32 loss.
// The sums it returns stay on the device (detached).
LossSums forward_backward(TransformerModelImpl& model, const BatchTensors& batch,
                          double label_smoothing, double loss_scale, Precision precision);

}  // namespace tfw
