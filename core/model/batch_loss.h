#pragma once
// The loss of one batch with the targets given (teacher forcing): what a step reports and what
// validation, evaluation's reference loss and the checks compute.

#include <cstdint>

#include "core/config/experiment_config.h"
#include "core/model/batch_tensors.h"
#include "core/model/transformer_model.h"

namespace tfw {

struct StepStats {
    double loss = 0;  // label-smoothed loss sum
    double nll = 0;   // unsmoothed NLL sum
    int64_t tokens = 0;
    int64_t correct = 0;
};

// Forward only, no dropout, no gradients (validation).
StepStats evaluate_batch(TransformerModelImpl& model, const BatchTensors& batch,
                         Precision precision);

}  // namespace tfw
