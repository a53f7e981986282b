#pragma once
// What the trainer tests share: an observer that records a run's reports and can stop it,
// and a new run trained with it (a header, not a test: only test_*.cpp become tests).

#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "core/config/experiment_config.h"
#include "core/train/trainer.h"

namespace tfw::test {

// Records reports; can ask for a stop after a given step.
struct Recorder : TrainingObserver {
    TrainingStarted started;
    std::vector<StepReport> steps;
    std::vector<ValidationReport> validations;
    std::vector<SamplesReport> samples;
    std::vector<std::string> warnings;
    TrainingControl* control = nullptr;
    int64_t stop_after = -1;
    void on_started(const TrainingStarted& s) override { started = s; }
    void on_step(const StepReport& r) override {
        steps.push_back(r);
        if (r.step == stop_after) control->stop = true;
    }
    void on_validation(const ValidationReport& r) override { validations.push_back(r); }
    void on_samples(const SamplesReport& r) override { samples.push_back(r); }
    void on_log(LogLevel level, const std::string& m) override {
        if (level != LogLevel::Info) warnings.push_back(m);
    }
};

inline std::string read_text(const std::string& file) {
    std::ifstream in(file);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

inline TrainingFinished run(const ExperimentConfig& c, const std::string& dir, Recorder& recorder,
                            int64_t stop_after = -1) {
    TrainingControl control;
    recorder.control = &control;
    recorder.stop_after = stop_after;
    return train_new(c, dir, recorder, control);
}

}  // namespace tfw::test
