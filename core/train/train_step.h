#pragma once
// One training step's pieces, shared by the trainer and `tfw bench train` so the
// benchmark measures exactly what training runs.

#include <ATen/core/Tensor.h>

#include <vector>

#include "core/config/experiment_config.h"
#include "core/data/dataset.h"
#include "core/model/batch_loss.h"
#include "core/model/batch_tensors.h"
#include "core/model/transformer_model.h"

namespace tfw {

// Forward and backward of one batch; gradients of (loss sum * loss_scale) accumulate
// into the parameters. bf16/fp16 run under autocast with fp32 weights and an fp32 loss.
StepStats forward_backward(TransformerModelImpl& model, const BatchTensors& batch,
                           double label_smoothing, double loss_scale, Precision precision);

// Global L2 norm of the gradients before clipping; clips to max_norm when max_norm > 0.
double clip_gradients(const std::vector<at::Tensor>& parameters, double max_norm);

// Sets LibTorch's intra-op threads (0 = all cores) and returns the number in use.
int configure_threads(int threads);

}  // namespace tfw
