#pragma once
// train.valid_metric other than loss (the registry's validation_metric): the validation set decoded
// greedily at every validation and scored exactly as `tfw eval --split valid --beam 1` scores the
// saved checkpoint (the same inputs, search, detokenized outputs, references as written and
// sacreBLEU / rouge-score settings), so the figure best.tfw is chosen by is the figure its
// evaluation reports.

#include <memory>
#include <string>
#include <vector>

#include "core/config/experiment_config.h"
#include "core/data/dataset.h"
#include "core/decode/decode_options.h"
#include "core/metrics/metric_registry.h"
#include "core/model/transformer_model.h"

namespace tfw {

class ValidationScorer {
  public:
    // Reads the validation split's text. Throws as read_split does, std::invalid_argument
    // for a language model or valid_metric loss.
    ValidationScorer(const ExperimentConfig& config, const PreparedData& data);

    struct Score {
        double value = 0;  // 0 to 100
        size_t sentences = 0;
        double seconds = 0;
    };
    // Decodes with the model as it is (the caller puts it in eval mode).
    Score score(TransformerModelImpl& model) const;

    const MetricInfo& metric() const { return *metric_; }

  private:
    const MetricInfo* metric_;
    std::vector<std::vector<int>> inputs_;
    std::vector<std::string> references_;
    std::shared_ptr<Tokenizer> tgt_tokenizer_;
    DecodeOptions options_;
    ScoringSettings settings_;
};

}  // namespace tfw
