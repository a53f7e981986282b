#pragma once
// The files a training run keeps up to date in its folder: the lock held while it trains,
// train.log, status.json, history.jsonl, the TensorBoard event file and checks.json. Rank 0
// alone writes them; the other ranks of a data-parallel run hold an inert RunFiles, which
// writes nothing, so that the trainer does not ask which rank it is before each report.
// A failed write (full disk) never ends the run: it comes back as a warning to log.

#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/io/run_directory.h"
#include "core/io/run_lock.h"
#include "core/io/run_tensorboard_log.h"
#include "core/train/training_observer.h"
#include "core/util/log_level.h"

namespace tfw {

struct ChecksReport;

class RunFiles {
  public:
    // `writes` false: inert (a rank > 0).
    RunFiles(const std::string& run_dir, bool writes);
    ~RunFiles();

    // Takes the run's lock (throws when another process trains it), held to the end of the run.
    void lock();
    void open_log();  // train.log, appended to
    void log(LogLevel level, const std::string& message);
    void log_samples(const SamplesReport& report);

    // history.jsonl from here on and a new TensorBoard event file; a warning when the event
    // file cannot be made (the run goes on without it).
    std::string open_reports(const nlohmann::json& config, int64_t first_step);
    void report(const StepReport& report);
    void report(const ValidationReport& report);
    // Writes what is waiting; the warnings of writes that failed since the last call.
    std::vector<std::string> flush_reports();
    void finish_reports(SessionOutcome outcome);

    // When the run started, kept in status.json across resumes.
    void set_started_at(const std::string& started_at) { started_at_ = started_at; }
    // Whether this process writes the run's status: not before a resume has started training
    // (a failed one leaves the status as it was), never on a rank > 0.
    void claim_status() { owns_status_ = writes_; }
    bool owns_status() const { return owns_status_; }
    std::string write_status(RunStatus status);  // a warning when it could not be written
    std::string write_checks(const ChecksReport& report);

  private:
    RunPaths paths_;
    bool writes_;
    bool owns_status_ = false;
    std::string started_at_;
    std::unique_ptr<RunLock> lock_;
    std::ofstream log_file_;
    std::unique_ptr<HistoryWriter> history_;
    std::unique_ptr<RunTensorBoardLog> tensorboard_;  // null when its file could not be made
};

}  // namespace tfw
