#pragma once
// The checks on data and a model already at hand: a training run runs the quick ones on the
// data it has prepared, without reading and tokenizing the corpus twice.

#include <atomic>

#include "core/check/sanity_checks.h"
#include "core/data/dataset.h"
#include "core/model/transformer_model.h"

namespace tfw {

// `trained` (may be null) is the model the leak, gradient and attention checks look at;
// without one they use a fresh model initialised as training would. options.checkpoint is
// not read here.
ChecksReport run_checks_on(const ExperimentConfig& config, const PreparedData& data,
                           TransformerModel trained, const CheckOptions& options,
                           const CheckProgress& progress = {},
                           const std::atomic<bool>* cancel = nullptr);

}  // namespace tfw
