#pragma once
// Prints training progress on the terminal and stops the run cleanly on Ctrl+C.

#include "core/train/training_observer.h"

namespace tfw::cli {

class TerminalObserver final : public TrainingObserver {
  public:
    void on_checks(const ChecksReport& report) override;
    void on_started(const TrainingStarted& s) override;
    void on_step(const StepReport& r) override;
    void on_validation(const ValidationReport& r) override;
    void on_samples(const SamplesReport& r) override;
    void on_log(LogLevel level, const std::string& message) override;
    void on_finished(const TrainingFinished& f) override;

  private:
    TrainingStarted plan_;
    int64_t first_step_ = 0;
    double first_elapsed_ = -1;  // < 0 until the first step of this session
};

// Ctrl+C sets control.stop (the trainer saves and ends); a second Ctrl+C exits at once, except
// within a second of the first (a double press, or `timeout -s INT`, which sends two) and while
// the trainer writes its final checkpoint and status: then it exits once they are written.
void stop_on_interrupt(TrainingControl& control);
void stop_on_interrupt(std::atomic<bool>& stop);  // the same for any stop flag (a sweep's)
// Whether a second Ctrl+C asked to quit while the final checkpoint was written (exit 130).
bool quit_was_deferred();

}  // namespace tfw::cli
