#include "app/cli/terminal_observer.h"

#include <time.h>
#include <unistd.h>

#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <iostream>

#include "app/cli/check_table.h"
#include "core/train/run_progress.h"

namespace tfw::cli {

namespace {

std::string clock_text(double seconds) {
    const long s = static_cast<long>(seconds + 0.5);
    char text[32];
    if (s >= 3600)
        std::snprintf(text, sizeof text, "%ld:%02ld:%02ld", s / 3600, (s / 60) % 60, s % 60);
    else
        std::snprintf(text, sizeof text, "%ld:%02ld", s / 60, s % 60);
    return text;
}

std::atomic<bool>* g_stop = nullptr;
std::atomic<bool>* g_finishing = nullptr;  // the trainer writes its final checkpoint
std::atomic<bool> g_quit_deferred{false};
std::atomic<int64_t> g_first_interrupt_ms{0};

// Async-signal-safe (clock_gettime is).
int64_t monotonic_ms() {
    timespec now{};
    clock_gettime(CLOCK_MONOTONIC, &now);
    return int64_t(now.tv_sec) * 1000 + now.tv_nsec / 1000000;
}

void say(const char* message, size_t size) {
    [[maybe_unused]] auto n = write(2, message, size);
}

void on_interrupt(int) {
    if (g_stop && !g_stop->load()) {
        g_first_interrupt_ms = monotonic_ms();
        *g_stop = true;
        const char message[] =
            "\nstopping after this step and saving a checkpoint (Ctrl+C again to quit now)\n";
        say(message, sizeof message - 1);
        return;
    }
    if (g_stop && monotonic_ms() - g_first_interrupt_ms.load() < 1000) return;  // the same press
    if (g_finishing && g_finishing->load()) {
        if (!g_quit_deferred.exchange(true)) {
            const char message[] = "quitting as soon as the checkpoint is written\n";
            say(message, sizeof message - 1);
        }
        return;
    }
    std::_Exit(130);
}

}  // namespace

void stop_on_interrupt(TrainingControl& control) {
    stop_on_interrupt(control.stop);
    g_finishing = &control.finishing;
}

void stop_on_interrupt(std::atomic<bool>& stop) {
    g_stop = &stop;
    g_finishing = nullptr;
    std::signal(SIGINT, on_interrupt);
    std::signal(SIGTERM, on_interrupt);
}

bool quit_was_deferred() {
    return g_quit_deferred.load();
}

void TerminalObserver::on_checks(const ChecksReport& report) {
    std::cout << checks_summary(report) << std::flush;
}

void TerminalObserver::on_started(const TrainingStarted& s) {
    plan_ = s;
    std::printf(
        "run %s\n%lld parameters on %s, precision %s; %lld training / %lld validation examples; "
        "%lld steps per epoch, %lld planned\n",
        s.run_dir.c_str(), static_cast<long long>(s.parameters), device_summary(s).c_str(),
        describe_precision(s.precision).c_str(), static_cast<long long>(s.train_examples),
        static_cast<long long>(s.valid_examples), static_cast<long long>(s.steps_per_epoch),
        static_cast<long long>(s.planned_steps));
    std::fflush(stdout);
}

void TerminalObserver::on_step(const StepReport& r) {
    if (first_elapsed_ < 0) {
        first_step_ = r.step;
        first_elapsed_ = r.elapsed_s;
    }
    const RunProgress progress =
        run_progress(plan_, first_step_, first_elapsed_, r.step, r.elapsed_s);
    const std::string remaining =
        progress.seconds_left < 0 ? "?" : clock_text(progress.seconds_left);
    std::printf(
        "step %6lld  epoch %2d %3.0f%%  loss %.4f  ppl %8.2f  lr %.2e  |g| %.2f  %6.0f tok/s  %s "
        "elapsed, %s left\n",
        static_cast<long long>(r.step), r.epoch, 100 * r.epoch_progress, r.train_loss,
        std::exp(r.train_nll), r.lr, r.grad_norm, r.tokens_per_s, clock_text(r.elapsed_s).c_str(),
        remaining.c_str());
    std::fflush(stdout);
}

void TerminalObserver::on_validation(const ValidationReport&) {}  // the trainer logs a line

void TerminalObserver::on_samples(const SamplesReport& r) {
    for (const auto& s : r.samples) {
        const bool exact = !s.reference.empty() && s.output == s.reference;
        std::printf("    %s  =>  %s%s\n", s.input.c_str(), s.output.c_str(),
                    exact ? "   (exact)" : "");
    }
    std::fflush(stdout);
}

void TerminalObserver::on_log(LogLevel level, const std::string& message) {
    const char* prefix = level == LogLevel::Error     ? "error: "
                         : level == LogLevel::Warning ? "warning: "
                                                      : "";
    (level == LogLevel::Info ? std::cout : std::cerr) << prefix << message << std::endl;
}

void TerminalObserver::on_finished(const TrainingFinished& f) {
    if (!f.best_checkpoint.empty()) std::printf("best checkpoint: %s\n", f.best_checkpoint.c_str());
    if (!f.last_checkpoint.empty()) std::printf("last checkpoint: %s\n", f.last_checkpoint.c_str());
    std::fflush(stdout);
}

}  // namespace tfw::cli
