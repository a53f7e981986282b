#include "app/cli/sweep_printer.h"

#include <cstdio>
#include <filesystem>
#include <iostream>

#include "core/train/training_observer.h"

namespace tfw::cli {
namespace {

std::string prefix(const SweepState& state, size_t run) {
    if (run >= state.runs.size()) return "";
    return "[" + std::to_string(run + 1) + "/" + std::to_string(state.runs.size()) + "] " +
           std::filesystem::path(state.runs[run].folder).filename().string() + ": ";
}

}  // namespace

void SweepPrinter::on_queue(const SweepState& state) {
    std::lock_guard lock(mutex_);
    for (size_t run = 0; run < state.runs.size(); ++run) {
        const SweepRunState now = state.runs[run].state;
        if (run < states_.size() && states_[run] != now && now != SweepRunState::Running)
            std::cout << prefix(state, run) << to_string(now)
                      << (state.runs[run].message.empty() ? ""
                                                          : ": " + state.runs[run].message.text())
                      << std::endl;
    }
    state_ = state;
    states_.clear();
    for (const auto& run : state.runs) states_.push_back(run.state);
}

void SweepPrinter::on_run_started(size_t run, const TrainingStarted& started) {
    std::lock_guard lock(mutex_);
    std::cout << prefix(state_, run)
              << (started.start_step > 0 ? "continues at step " + std::to_string(started.start_step)
                                         : "started")
              << " (" << started.parameters << " parameters, " << device_summary(started) << ")"
              << std::endl;
}

void SweepPrinter::on_run_validation(size_t run, const ValidationReport& r) {
    std::lock_guard lock(mutex_);
    std::printf("%sstep %lld: valid loss %.4f, perplexity %.2f%s\n", prefix(state_, run).c_str(),
                static_cast<long long>(r.step), r.loss, r.perplexity, r.is_best ? " *" : "");
    std::fflush(stdout);
}

void SweepPrinter::on_run_log(size_t run, LogLevel level, const std::string& message) {
    if (level < LogLevel::Warning) return;
    std::lock_guard lock(mutex_);
    std::cerr << prefix(state_, run) << message << std::endl;
}

}  // namespace tfw::cli
