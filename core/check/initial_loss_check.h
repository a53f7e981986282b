#pragma once
// A freshly initialised model should be unsure of every token: its loss near ln(vocabulary).

#include <vector>

#include "core/check/check_batch.h"
#include "core/check/check_result.h"
#include "core/model/transformer_model.h"

namespace tfw {

CheckResult check_initial_loss(TransformerModelImpl& model,
                               const std::vector<BatchTensors>& batches);

}  // namespace tfw
