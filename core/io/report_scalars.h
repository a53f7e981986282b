#pragma once
// The scalars a run's reports stand for, by tag: one table for the TensorBoard event files
// (run_tensorboard_log.h) and the CSV/JSON export (core/compare/run_scalars.h), so the two
// always name the same numbers alike.
//
//   train/loss train/perplexity train/lr train/grad_norm train/tokens_per_s
//   valid/loss valid/perplexity valid/word_perplexity (word-level LMs) valid/accuracy
//   eval/<split>/<name>: an evaluation's metrics by registry key, loss, perplexity

#include <string>
#include <utility>
#include <vector>

#include "core/history/training_reports.h"

namespace tfw {

using TaggedValue = std::pair<std::string, double>;

std::vector<TaggedValue> report_scalars(const StepReport& report);
std::vector<TaggedValue> report_scalars(const ValidationReport& report);
// "eval/test/bleu"
std::string evaluation_tag(const std::string& split, const std::string& name);

}  // namespace tfw
