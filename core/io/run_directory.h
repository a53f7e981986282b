#pragma once
// A run directory holds everything about one training run:
//   config.json      the experiment as it was started
//   status.json      state (running | completed | stopped | early_stopped | failed), step,
//                    best validation loss, message, times; rewritten atomically
//   history.jsonl    one JSON object per report: {"kind":"step",...} or {"kind":"validation",...}
//   train.log        the log lines
//   checks.json      the quick sanity checks run before training (core/check)
//   checkpoints/     last.tfw, best.tfw and periodic step-N.tfw
//   evals/           saved evaluations (core/eval)
//   events.out.tfevents.*  the same reports for TensorBoard (run_tensorboard_log.h)
//   train.lock       while a process trains it (core/io/run_lock.h)

#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/config/phrase.h"
#include "core/history/training_reports.h"

namespace tfw {

struct RunPaths {
    explicit RunPaths(std::string dir);
    std::string dir;
    std::string config() const;
    std::string status() const;
    std::string history() const;
    std::string log() const;
    std::string checks() const;
    std::string checkpoints() const;
    std::string last_checkpoint() const;
    std::string best_checkpoint() const;
    std::string step_checkpoint(int64_t step) const;
};

// runs_root/<name>-YYYYMMDD-HHMMSS (with a numeric suffix if that exists already).
std::string new_run_dir(const std::string& runs_root, const std::string& name);

struct RunStatus {
    std::string state = "running";
    int64_t step = 0;
    int64_t planned_steps = 0;
    double best_valid_loss = 0;  // 0 = no validation yet
    double elapsed_s = 0;
    // How it ended, e.g. "finished: reached train.max_steps (5200)"; status.json keeps the
    // English text under "message" and, for the window's translation, its pattern and values.
    Phrase message;
    std::string started_at, updated_at;  // ISO 8601, UTC
};
// A status message marked TFW_TR_NOOP("RunStatus", pattern) where it is written.
Phrase run_status_text(const char* pattern, std::vector<std::string> args = {});
void write_run_status(const std::string& run_dir, RunStatus status);  // stamps updated_at
// Defaults when missing or unreadable. A run that says it is running or paused while no live
// process holds its lock (killed, crashed) reads as stopped at its last checkpoint's step.
RunStatus read_run_status(const std::string& run_dir);

nlohmann::json to_json(const StepReport& report);
nlohmann::json to_json(const ValidationReport& report);

struct RunHistory {
    std::vector<StepReport> steps;
    std::vector<ValidationReport> validations;
};
// Tolerates a torn last line (a run killed while writing).
RunHistory read_history(const std::string& run_dir);
// The same from history.jsonl text (e.g. the history a checkpoint carries).
RunHistory parse_history(const std::string& jsonl);

// Appends reports to history.jsonl, one whole line each. A write that fails (a full disk)
// never leaves half a line: the file is cut back to its last whole line and the lines wait in
// memory until a later append or flush() writes them; take_error() says what failed.
class HistoryWriter {
  public:
    explicit HistoryWriter(const std::string& run_dir);
    ~HistoryWriter();
    HistoryWriter(const HistoryWriter&) = delete;
    HistoryWriter& operator=(const HistoryWriter&) = delete;
    void append(const StepReport& report);
    void append(const ValidationReport& report);
    bool flush();  // true when no line is waiting
    // The last write error ("cannot write RUN/history.jsonl: No space left on device ..."),
    // empty when none happened since the last call.
    std::string take_error();

  private:
    std::string path_;
    int fd_ = -1;
    std::string waiting_;  // lines not written yet
    std::string error_;
};

struct RunSummary {
    std::string dir;
    std::string name;  // folder name
    RunStatus status;
    nlohmann::json config;  // config.json as written (empty object when unreadable)
    double best_valid_perplexity = 0;
};
// Every sub-folder of runs_root that holds a run's config.json, newest first (a model exported
// for PyTorch, which has one too, is left out).
std::vector<RunSummary> list_runs(const std::string& runs_root);

// Current UTC time as ISO 8601 ("2026-11-22T03:15:00Z").
std::string utc_timestamp();

// Writes a temporary file next to path and renames it, so readers never see half a file.
// Throws std::runtime_error naming path and the reason, with the temporary file removed.
void write_text_atomically(const std::string& path, const std::string& text);
// Removes what a killed process left half-written in a run folder: `*.tmp` files of
// write_text_atomically (in the folder and its attention/) and `*.partial` checkpoints. Only for
// the process that holds the run's lock.
void remove_half_written_files(const std::string& run_dir);

}  // namespace tfw
