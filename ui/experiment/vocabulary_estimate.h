#pragma once
// The vocabulary size the form's read-outs assume before any tokenizer exists.

#include <QString>
#include <cstdint>

#include "core/config/experiment_config.h"

namespace tfw {

struct VocabularyEstimate {
    int64_t size = 0;
    bool exact = false;  // false: a guess, and `note` says what was assumed
    QString note;
};

VocabularyEstimate estimateVocabulary(const ExperimentConfig& config);

}  // namespace tfw
