#include "core/train/run_files.h"

#include "core/check/sanity_checks.h"

namespace tfw {

RunFiles::RunFiles(const std::string& run_dir, bool writes) : paths_(run_dir), writes_(writes) {}

RunFiles::~RunFiles() = default;

void RunFiles::lock() {
    if (writes_) lock_ = std::make_unique<RunLock>(paths_.dir);
}

void RunFiles::open_log() {
    if (writes_) log_file_.open(paths_.log(), std::ios::app);
}

void RunFiles::log(LogLevel level, const std::string& message) {
    static const char* names[] = {"info", "warning", "error"};
    if (!log_file_.is_open()) return;
    log_file_.clear();  // a line that failed (full disk) must not silence the ones after
    log_file_ << utc_timestamp() << " " << names[static_cast<int>(level)] << ": " << message << "\n"
              << std::flush;
}

void RunFiles::log_samples(const SamplesReport& report) {
    for (size_t i = 0; i < report.samples.size(); ++i)
        if (log_file_)
            log_file_ << "  sample " << i + 1 << ": " << report.samples[i].input << " => "
                      << report.samples[i].output
                      << "   (reference: " << report.samples[i].reference << ")\n";
    log_file_ << std::flush;
}

std::string RunFiles::open_reports(const nlohmann::json& config, int64_t first_step) {
    if (!writes_) return "";
    history_ = std::make_unique<HistoryWriter>(paths_.dir);
    try {
        tensorboard_ = std::make_unique<RunTensorBoardLog>(paths_.dir, config, first_step);
    } catch (const std::exception& e) {
        return std::string(e.what()) + "; the run goes on without TensorBoard events";
    }
    return "";
}

void RunFiles::report(const StepReport& report) {
    if (history_) history_->append(report);
    if (tensorboard_) tensorboard_->append(report);
}

void RunFiles::report(const ValidationReport& report) {
    if (history_) history_->append(report);
    if (tensorboard_) tensorboard_->append(report);
}

std::vector<std::string> RunFiles::flush_reports() {
    std::vector<std::string> warnings;
    if (history_) {
        history_->flush();
        if (std::string error = history_->take_error(); !error.empty())
            warnings.push_back(std::move(error));
    }
    if (const std::string error = tensorboard_ ? tensorboard_->take_error() : ""; !error.empty())
        warnings.push_back(error + " (TensorBoard misses these events; training goes on)");
    return warnings;
}

void RunFiles::finish_reports(SessionOutcome outcome) {
    if (tensorboard_) tensorboard_->finish(outcome);
}

std::string RunFiles::write_status(RunStatus status) {
    if (!writes_) return "";
    status.started_at = started_at_;
    try {
        write_run_status(paths_.dir, status);
    } catch (const std::exception& e) {  // a full disk: the run goes on, the old status stays
        return e.what();
    }
    return "";
}

std::string RunFiles::write_checks(const ChecksReport& report) {
    if (!writes_) return "";
    try {
        write_text_atomically(paths_.checks(), checks_json(report).dump(2) + "\n");
    } catch (const std::exception& e) {  // a full disk: the results are in the log
        return e.what();
    }
    return "";
}

}  // namespace tfw
