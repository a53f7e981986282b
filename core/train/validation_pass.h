#pragma once
// One pass over the validation set during training, and what it makes of the run's best:
// the loss, perplexities and accuracy of the pass (each rank scores its rows of each batch,
// summed over the ranks), and `update_best`, which decides whether it is the run's best and
// counts the validations without improvement that early stopping reads.

#include <string>

#include <c10/core/Device.h>

#include "core/config/experiment_config.h"
#include "core/data/dataset.h"
#include "core/io/checkpoint.h"
#include "core/model/transformer_model.h"
#include "core/train/run_ranks.h"
#include "core/train/training_observer.h"
#include "core/train/validation_score.h"

namespace tfw {

// The report's loss, perplexity, word perplexity and accuracy; the model in evaluation mode
// (the caller puts it back in training mode).
ValidationReport validation_pass(TransformerModelImpl& model, const PreparedData& data,
                                 const ExperimentConfig& config, RunRanks& ranks,
                                 const at::Device& device, Precision precision);

struct BestUpdate {
    TrainingPosition position;
    bool is_best = false;
};
// Pure. best_valid_loss is the lowest loss seen; the best validation (best.tfw) is the lowest
// loss, or the highest score when the report has one (score_key set).
BestUpdate update_best(TrainingPosition position, const ValidationReport& report);

// "step 12: validation loss 3.1, perplexity 22, accuracy 12% (best)" for the log; `metric`
// null for the loss alone.
std::string validation_line(const ValidationReport& report, const MetricInfo* metric,
                            const ValidationScorer::Score& score);

}  // namespace tfw
