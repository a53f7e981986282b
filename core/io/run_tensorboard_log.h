#pragma once
// The TensorBoard view of a run, written beside history.jsonl so that `tensorboard --logdir
// RUNS` shows every run: each step and validation report as scalars (tags below), the config
// as text ("config"), and its settings as hyper-parameters for the HParams tab. A training
// session (new or resumed) writes a file of its own; so does each saved evaluation. The
// scalars' tags: report_scalars.h.

#include <cstdint>
#include <map>
#include <string>

#include <nlohmann/json.hpp>

#include "core/history/training_reports.h"
#include "core/io/event_file_writer.h"
#include "core/io/tensorboard_events.h"

namespace tfw {

class RunTensorBoardLog {
  public:
    // A new event file in run_dir holding the config. first_step > 0 (a resumed run) makes
    // TensorBoard drop the events of later steps, which will be trained again. Throws
    // std::runtime_error when the file cannot be created.
    RunTensorBoardLog(const std::string& run_dir, const nlohmann::json& config, int64_t first_step);
    void append(const StepReport& report);
    void append(const ValidationReport& report);
    // Only an ending worth recording: a stopped run may be resumed, and TensorBoard keeps the
    // first end it reads.
    void finish(SessionOutcome outcome);
    // The last write error, empty when none happened since the last call. Writes that fail
    // (a full disk) are dropped; the run goes on.
    std::string take_error();

  private:
    void scalar(const std::string& tag, double value, int64_t step);
    EventFileWriter file_;
};

// An evaluation's figures, eval/<split>/<name> at the evaluated checkpoint's step, in a file of
// their own in run_dir.
void write_evaluation_scalars(const std::string& run_dir, const std::string& split, int64_t step,
                              const std::map<std::string, double>& values);

// A config's settings as the HParams tab shows them: dotted keys ("model.d_model"), numbers,
// strings and booleans as they are, lists as JSON text.
std::map<std::string, HParamValue> config_hparams(const nlohmann::json& config);

}  // namespace tfw
