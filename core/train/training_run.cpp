#include "core/train/training_run.h"

#include <filesystem>
#include <sstream>

#include "core/check/prepared_checks.h"
#include "core/config/config_io.h"
#include "core/data/data_error.h"
#include "core/io/resume_source.h"
#include "core/runtime/allocator.h"
#include "core/train/attention_snapshots.h"
#include "core/train/checkpoint_writer.h"
#include "core/train/memory_check.h"
#include "core/train/run_clock.h"
#include "core/train/run_messages.h"
#include "core/train/validation_score.h"
#include "core/util/error_text.h"

namespace fs = std::filesystem;

namespace tfw {

namespace {

// The run's folder, or why it cannot be made ("Permission denied", "Read-only file system").
void create_run_folder(const std::string& dir) {
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) throw ConfigError("cannot create " + dir + ": " + ec.message());
}

SessionOutcome session_outcome(FinishReason reason) {
    return reason == FinishReason::Failed    ? SessionOutcome::Failure
           : reason == FinishReason::Stopped ? SessionOutcome::Unknown
                                             : SessionOutcome::Success;
}

}  // namespace

TrainingRun::TrainingRun(std::string run_dir, TrainingObserver& observer, TrainingControl& control,
                         DistributedSetup distributed)
    : run_dir_(std::move(run_dir)),
      paths_(run_dir_),
      ranks_(std::move(distributed)),
      observer_(observer),
      control_(control),
      files_(run_dir_, ranks_.is_rank0()),
      previews_(ranks_.is_rank0(), files_, observer_,
                [this](LogLevel level, const std::string& m) { log(level, m); }) {}

TrainingRun::~TrainingRun() = default;

double TrainingRun::elapsed() const {
    return elapsed_before_ + (steady_seconds() - session_start_) - paused_s_;
}

void TrainingRun::log(LogLevel level, const std::string& message) {
    files_.log(level, message);
    observer_.on_log(level, message);
}

void TrainingRun::write_status(const std::string& state, const Phrase& message) {
    RunStatus s;
    s.state = state;
    s.step = position_.step;
    s.planned_steps = planned_steps_;
    s.best_valid_loss = position_.best_valid_loss;
    s.elapsed_s = elapsed();
    s.message = message;
    if (const std::string warning = files_.write_status(s); !warning.empty())
        log(LogLevel::Warning, warning);
}

void TrainingRun::run_quick_checks() {
    const double started = steady_seconds();
    CheckOptions options;
    options.quick_only = true;
    const ChecksReport report = run_checks_on(config_, data_, nullptr, options, {}, &control_.stop);
    int counts[4] = {};  // by CheckStatus
    for (const CheckResult& r : report.results) {
        ++counts[static_cast<int>(r.status)];
        const std::string line =
            "check " + check_status_name(r.status) + ": " + r.title + ": " + r.figure.text();
        if (r.status == CheckStatus::Warn || r.status == CheckStatus::Fail)
            log(LogLevel::Warning, line + ". " + r.explanation.text());
        else
            files_.log(LogLevel::Info, line);
    }
    if (const std::string warning = files_.write_checks(report); !warning.empty())
        log(LogLevel::Warning, warning);
    observer_.on_checks(report);
    std::ostringstream summary;
    summary.precision(2);
    summary << "sanity checks: " << counts[0] << " passed, " << counts[1] << " warned, "
            << counts[2] << " failed, " << counts[3] << " skipped in " << steady_seconds() - started
            << " s (checks.json)";
    log(LogLevel::Info, summary.str());
}

TrainingFinished TrainingRun::start(const ExperimentConfig& config) {
    return train_or_fail([&] {
        config_ = config;
        require_valid(config_);
        // Before the data is read: the vocabulary is at most tokenizer.vocab_size.
        const int64_t vocab = config_.tokenizer.vocab_size;
        require_memory_on(training_device(), config_, vocab, vocab);
        ranks_.join(training_device());
        if (!ranks_.is_rank0()) return prepare_from_rank0();
        std::error_code ec;
        if (fs::exists(run_dir_) && !fs::is_empty(run_dir_, ec))
            throw ConfigError("run directory " + run_dir_ +
                              " is not empty; choose a new one or resume it");
        create_run_folder(paths_.checkpoints());
        files_.lock();
        files_.claim_status();
        save_config_file(config_, paths_.config());
        begin_at_step_zero();
    });
}

void TrainingRun::begin_at_step_zero(const std::string& note) {
    files_.open_log();
    if (!note.empty()) log(LogLevel::Info, note);
    files_.set_started_at(utc_timestamp());
    if (const std::string warning = files_.open_reports(to_json(config_), 0); !warning.empty())
        log(LogLevel::Warning, warning);
    log(LogLevel::Info, "preparing data");
    data_ = prepare_data(config_, [&](LogLevel level, const std::string& m) { log(level, m); });
    ranks_.share_setup(config_, run_dir_, data_);
    run_quick_checks();  // before build(), which seeds the generators training draws from
    build(nullptr);
}

void TrainingRun::prepare_from_rank0() {
    SetupFromRank0 setup = ranks_.setup_from_rank0();
    config_ = std::move(setup.config);
    run_dir_ = setup.run_dir;
    paths_ = RunPaths(run_dir_);
    data_ = prepare_data_with(config_, setup.src_tokenizer, setup.tgt_tokenizer,
                              [&](LogLevel level, const std::string& m) { log(level, m); });
    build(nullptr);
}

void TrainingRun::restart_without_checkpoint() {
    config_ = load_config_file(paths_.config());
    require_valid(config_);
    ranks_.join(training_device());
    if (!ranks_.is_rank0()) return prepare_from_rank0();
    files_.lock();
    remove_half_written_files(run_dir_);  // a first checkpoint cut short among them
    write_text_atomically(paths_.history(), "");
    drop_attention_snapshots_after(run_dir_, -1);
    files_.claim_status();
    begin_at_step_zero(
        "no checkpoint to resume from: the run ended before its first one was "
        "written, so it starts again from step 0");
}

TrainingFinished TrainingRun::resume(const std::string& from) {
    return train_or_fail([&] {
        const std::string source = resume_checkpoint_path(paths_, from);
        if (from.empty() && !fs::exists(source) && fs::exists(paths_.config()))
            return restart_without_checkpoint();
        if (!fs::exists(source))
            throw ConfigError(from.empty()
                                  ? run_dir_ + " has no checkpoints/last.tfw to resume from"
                                  : source + ": no such checkpoint");
        files_.lock();  // before anything in the run is touched
        if (ranks_.is_rank0()) remove_half_written_files(run_dir_);  // of the killed process
        const Checkpoint checkpoint = load_resume_checkpoint(paths_, source);
        config_ = checkpoint.config;
        if (checkpoint.position.world_size != ranks_.world_size())
            throw ConfigError(
                world_size_mismatch(run_dir_, checkpoint.position.world_size, ranks_.world_size()));
        ranks_.join(training_device());
        resume_from(checkpoint, source, from);
    });
}

void TrainingRun::resume_from(const Checkpoint& checkpoint, const std::string& source,
                              const std::string& from) {
    auto src = deserialize_tokenizer(checkpoint.src_tokenizer_type, checkpoint.src_tokenizer);
    auto tgt = checkpoint.tgt_tokenizer == checkpoint.src_tokenizer
                   ? src
                   : deserialize_tokenizer(checkpoint.tgt_tokenizer_type, checkpoint.tgt_tokenizer);
    auto log_to_run = [&](LogLevel level, const std::string& m) { log(level, m); };
    if (!ranks_.is_rank0()) {  // the other ranks only train
        data_ = prepare_data_with(config_, src, tgt, log_to_run);
        return build(&checkpoint);
    }
    const std::string started_at = read_run_status(run_dir_).started_at;
    files_.set_started_at(started_at.empty() ? utc_timestamp() : started_at);
    files_.open_log();
    if (const std::string note = unverified_header_note(checkpoint, source); !note.empty())
        log(LogLevel::Warning, note);
    try {
        for (const std::string& line : restore_interrupted_copies(checkpoint, source, paths_))
            log(LogLevel::Warning, line);
    } catch (const std::exception& e) {  // a full disk: the run goes on without that copy
        log(LogLevel::Warning, user_error_text(e));
    }
    // History after the checkpoint belongs to steps that will be trained again.
    write_text_atomically(paths_.history(), checkpoint.history);
    const int64_t step = checkpoint.position.step;
    if (const std::string warning = files_.open_reports(to_json(config_), step); !warning.empty())
        log(LogLevel::Warning, warning);
    log(LogLevel::Info,
        "resuming at step " + std::to_string(step) + (from.empty() ? "" : " from " + source));
    try {  // snapshots after the checkpoint belong to steps that will be trained again
        drop_attention_snapshots_after(run_dir_, step);
        previews_.snapshotted_at(step);
    } catch (const std::exception& e) {
        log(LogLevel::Warning, e.what());
    }
    data_ = prepare_data_with(config_, src, tgt, log_to_run);
    build(&checkpoint);
}

TrainingFinished TrainingRun::train_or_fail(const std::function<void()>& setup) {
    session_start_ = steady_seconds();
    TrainingFinished finished;
    try {
        setup();
        finished = loop();
    } catch (const std::exception& e) {
        const std::string message = failure_message(e, position_.step, config_, device_.is_cuda(),
                                                    precision_, ranks_.world_size(), run_dir_);
        ranks_.share_failure(message);  // the other ranks of a new run wait for rank 0
        finished.reason = FinishReason::Failed;
        finished.message = message;
        finished.step = position_.step;
        log(LogLevel::Error, message);  // to the observer, and to train.log once it is open
        // A run another process trains keeps its own status, and so does one whose resume
        // never started training.
        if (files_.owns_status() && fs::exists(run_dir_)) {
            try {
                write_status("failed", verbatim(message));
            } catch (const std::exception&) {
            }
        }
    }
    files_.finish_reports(session_outcome(finished.reason));
    release_cached_cpu_memory();  // the idle blocks the steps kept for reuse
    finished.best_valid_loss = position_.best_valid_loss;
    finished.best_step = position_.best_step;
    if (const MetricInfo* metric = validation_metric(config_.train.valid_metric)) {
        finished.score_name = metric->name;
        finished.best_valid_score = position_.best_valid_score;
    }
    if (fs::exists(paths_.last_checkpoint())) finished.last_checkpoint = paths_.last_checkpoint();
    if (fs::exists(paths_.best_checkpoint())) finished.best_checkpoint = paths_.best_checkpoint();
    observer_.on_finished(finished);
    return finished;
}

}  // namespace tfw
