#pragma once
// What `tfw sweep` prints while it trains: one line per event that matters, prefixed with the
// run's place in the queue ("[2/6] heads-4-seed-1: ").

#include <mutex>
#include <string>
#include <vector>

#include "core/sweep/sweep_runner.h"

namespace tfw::cli {

class SweepPrinter final : public SweepObserver {
  public:
    void on_queue(const SweepState& state) override;
    void on_run_started(size_t run, const TrainingStarted& started) override;
    void on_run_validation(size_t run, const ValidationReport& r) override;
    void on_run_log(size_t run, LogLevel level, const std::string& message) override;

  private:
    std::mutex mutex_;
    SweepState state_;
    std::vector<SweepRunState> states_;
};

}  // namespace tfw::cli
