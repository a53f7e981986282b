#pragma once
// Sanity checks of an experiment before (or instead of) training it: the initial loss, one
// batch overfitted, no causal leak, gradient norms per layer, attention entropy per head and
// the data (lengths, unknown tokens, dropped pairs, duplicates between splits).
// Safe to call from a worker thread: progress is reported per check and `cancel` is polled
// between checks (and between the overfit check's steps).

#include <atomic>
#include <functional>
#include <string>

#include <nlohmann/json.hpp>

#include "core/check/check_result.h"
#include "core/config/experiment_config.h"

namespace tfw {

struct CheckOptions {
    bool quick_only = false;  // only the quick ones (run before every training): initial loss,
                              // causal leak, data
    std::string checkpoint;   // optional trained model (.tfw): the model checks use its weights
                              // and tokenizers ("" = a freshly initialised model)
    int overfit_steps = 100;  // most optimizer steps of the overfit-one-batch check (it stops
                              // early once the loss is below 0.1)
};

using CheckProgress = std::function<void(const std::string& check_title, int index, int count)>;

// Prepares the data (and model) as a training run would and runs the checks. Throws
// ConfigError / DataError for an experiment that cannot be prepared at all; problems the
// checks find are results, not exceptions. A cancelled run returns the results so far.
ChecksReport run_checks(const ExperimentConfig& config, const CheckOptions& options,
                        const CheckProgress& progress = {},
                        const std::atomic<bool>* cancel = nullptr);

// {"all_passed": bool, "checks": [{"id", "title", "status", "figure", "explanation",
// "details": [[name, value], ...]}, ...]} for `tfw check --json` and a run's checks.json.
nlohmann::json checks_json(const ChecksReport& report);

}  // namespace tfw
