#pragma once
// A model that can learn at all memorises a handful of examples: train on one small batch
// and require its loss to fall near zero.

#include <atomic>

#include "core/check/check_batch.h"
#include "core/check/check_result.h"
#include "core/config/experiment_config.h"
#include "core/model/transformer_model.h"

namespace tfw {

// Loss (mean NLL per token) the batch must reach.
constexpr double kOverfitLossThreshold = 0.1;

// The learning rate the overfit check trains at: train.lr, or the Noam schedule's peak.
double overfit_learning_rate(const ExperimentConfig& config);

// Trains `model` (in place, without dropout) on `batch` for up to `steps` optimizer steps with
// the experiment's optimizer settings at overfit_learning_rate(), warmed up over the first
// fifth of the steps. Stops early once the loss is below the threshold, or when cancelled.
CheckResult check_overfit(TransformerModelImpl& model, const BatchTensors& batch,
                          const ExperimentConfig& config, int steps,
                          const std::atomic<bool>* cancel = nullptr);

}  // namespace tfw
