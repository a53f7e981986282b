#pragma once
// The loss of one batch with the targets given (teacher forcing): what validation, evaluation's
// reference loss and the checks compute.

#include <cstdint>

#include "core/config/experiment_config.h"
#include "core/model/batch_tensors.h"
#include "core/model/transformer_model.h"

namespace tfw {

struct BatchScore {
    double nll = 0;  // unsmoothed NLL sum
    int64_t tokens = 0;
    int64_t correct = 0;  // targets that were the model's first choice
};

// Forward only, no dropout, no gradients (validation).
BatchScore evaluate_batch(TransformerModelImpl& model, const BatchTensors& batch,
                          Precision precision);

}  // namespace tfw
