#pragma once
// What a training run says when it ends or cannot go on: the reasons it finished, a divergence
// with what to try, out-of-memory and lost-rank advice, a resume on the wrong number of
// processes. Finish reasons are Phrases (status.json keeps the pattern; the window translates).

#include <cstdint>
#include <exception>
#include <stdexcept>
#include <string>

#include "core/config/experiment_config.h"
#include "core/config/phrase.h"
#include "core/device/precision_choice.h"
#include "core/train/divergence_watch.h"

namespace tfw {

// Problems of the run itself that end it with a message instead of an exception.
class RunFailure : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

std::string format_number(double value);

// How a run ended. `patience` counts validations; `metric_name` is empty for the loss.
Phrase reached_max_steps(int64_t max_steps);
Phrase reached_max_tokens(int64_t max_tokens);
Phrase reached_max_minutes(double max_minutes);
Phrase stopped_at(int64_t step);
Phrase finished_epochs(int epochs);
Phrase stopped_early(const std::string& metric_name, int patience, int64_t best_step);
// Appended to a completed or early-stopped run's message when its loss diverged on the way.
Phrase diverged_on_the_way(int64_t step);

// What went wrong once the loss diverged, and what to try: each clause only where it would
// change something (the log, status, finish message).
Phrase divergence_message(const ExperimentConfig& config, const PrecisionChoice& precision,
                          const DivergenceWatch& divergence);

// The message a failed run ends with: the error as a person should read it, advice for
// out-of-memory at `step`, and how to continue after a lost rank.
std::string failure_message(const std::exception& error, int64_t step,
                            const ExperimentConfig& config, bool gpu,
                            const PrecisionChoice& precision, int world_size,
                            const std::string& run_dir);

// A resume on another number of processes than the run was trained on.
std::string world_size_mismatch(const std::string& run_dir, int trained_by, int world_size);

}  // namespace tfw
