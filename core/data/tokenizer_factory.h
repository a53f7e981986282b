#pragma once
// Builds the tokenizers an experiment asks for (config.tokenizer): trained on the training
// text, or loaded from an existing sentencepiece model.

#include <memory>
#include <string>
#include <vector>

#include "core/config/experiment_config.h"
#include "core/data/dataset.h"
#include "core/data/tokenizer.h"

namespace tfw {

struct TokenizerPair {
    std::shared_ptr<Tokenizer> src;  // the same object as tgt when shared
    std::shared_ptr<Tokenizer> tgt;
};

// One tokenizer for both sides, trained on source + target text, when tokenizer.shared or
// the task is lm (train_src is then empty); otherwise one per side. tokenizer.model loads
// that file for both sides instead. Throws ConfigError / DataError.
TokenizerPair build_tokenizers(const ExperimentConfig& config,
                               const std::vector<std::string>& train_src,
                               const std::vector<std::string>& train_tgt, const DataLog& log);

}  // namespace tfw
