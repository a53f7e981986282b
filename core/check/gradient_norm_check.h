#pragma once
// One backward pass and the gradient norm of every part of the model: embeddings, each
// encoder and decoder layer, the final norms and the output projection.

#include <string>
#include <utility>
#include <vector>

#include "core/check/check_batch.h"
#include "core/check/check_result.h"
#include "core/model/transformer_model.h"

namespace tfw {

// Parameter names grouped by the part they belong to ("encoder layer 2"), in model order,
// with the L2 norm of their gradients (the model's current gradients).
std::vector<std::pair<std::string, double>> gradient_norms_by_part(TransformerModelImpl& model);

// Clears the model's gradients, runs one forward/backward of the mean token NLL on `batch`
// and judges the norms per part; leaves the gradients cleared.
CheckResult check_gradient_norms(TransformerModelImpl& model, const BatchTensors& batch);

}  // namespace tfw
