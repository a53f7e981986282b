#pragma once
// Checks of the prepared data: lengths, pairs dropped as too long, unknown tokens and
// examples shared between the training split and the validation or test split.

#include <vector>

#include "core/check/check_result.h"
#include "core/config/experiment_config.h"
#include "core/data/dataset.h"
#include "core/data/raw_corpus.h"

namespace tfw {

constexpr double kDroppedWarnShare = 0.05;    // training pairs dropped as too long
constexpr double kUnknownWarnShare = 0.02;    // <unk> among the tokens of a split
constexpr double kDuplicateWarnShare = 0.02;  // valid/test examples also in train
constexpr size_t kDuplicateMinWords = 8;      // lm: shorter lines (headings) are not counted

// Percentiles of the training examples' target and source lengths in tokens.
CheckResult check_lengths(const ExperimentConfig& config, const PreparedData& data);

CheckResult check_dropped_pairs(const ExperimentConfig& config, const PreparedData& data);

// Share of <unk> in the validation split and in the training split. Unknowns that the
// corpus text itself marks as "<unk>" (Penn Treebank replaces rare words so) are the
// benchmark's own and pass; those the vocabulary leaves uncovered warn.
CheckResult check_unknown_tokens(const PreparedData& data, const RawCorpus& corpus);

// Pairs (lm: lines of at least kDuplicateMinWords words) of valid and test that occur in
// train, compared as the text read.
CheckResult check_duplicates(const ExperimentConfig& config, const RawCorpus& corpus);

}  // namespace tfw
