#include "core/train/training_run.h"

#include <ATen/ATen.h>
#include <torch/cuda.h>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <iomanip>
#include <sstream>
#include <thread>

#include "core/check/prepared_checks.h"
#include "core/config/config_io.h"
#include "core/config/translatable.h"
#include "core/data/batch_padding.h"
#include "core/data/data_error.h"
#include "core/data/random.h"
#include "core/distributed/batch_shard.h"
#include "core/distributed/gradient_all_reducer.h"
#include "core/distributed/process_group.h"
#include "core/io/generator_state.h"
#include "core/io/model_io.h"
#include "core/io/resume_source.h"
#include "core/metrics/perplexity.h"
#include "core/model/fast_dropout.h"
#include "core/model/model_options.h"
#include "core/train/attention_probes.h"
#include "core/train/checkpoint_writer.h"
#include "core/train/lr_schedule.h"
#include "core/train/memory_check.h"
#include "core/train/optimizer.h"
#include "core/train/planned_steps.h"
#include "core/train/sample_preview.h"
#include "core/train/train_step.h"
#include "core/train/validation_score.h"
#include "core/util/allocator.h"
#include "core/util/device.h"
#include "core/util/error_text.h"

namespace fs = std::filesystem;

namespace tfw {

namespace {

double now_s() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

// Problems of the run itself that end it with a message instead of an exception.
class RunFailure : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

std::string format_number(double value) {
    std::ostringstream out;
    out << value;
    return out.str();
}

// The run's folder, or why it cannot be made ("Permission denied", "Read-only file system").
void create_run_folder(const std::string& dir) {
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) throw ConfigError("cannot create " + dir + ": " + ec.message());
}

}  // namespace

TrainingRun::TrainingRun(std::string run_dir, TrainingObserver& observer, TrainingControl& control,
                         DistributedSetup distributed)
    : run_dir_(std::move(run_dir)),
      paths_(run_dir_),
      distributed_(std::move(distributed)),
      observer_(observer),
      control_(control) {}

TrainingRun::~TrainingRun() = default;

double TrainingRun::elapsed() const {
    return elapsed_before_ + (now_s() - session_start_) - paused_s_;
}

void TrainingRun::log(LogLevel level, const std::string& message) {
    log_to_file(level, message);
    observer_.on_log(level, message);
}

void TrainingRun::log_to_file(LogLevel level, const std::string& message) {
    static const char* names[] = {"info", "warning", "error"};
    if (!log_file_.is_open()) return;
    log_file_.clear();  // a line that failed (full disk) must not silence the ones after
    log_file_ << utc_timestamp() << " " << names[static_cast<int>(level)] << ": " << message << "\n"
              << std::flush;
}

void TrainingRun::run_quick_checks() {
    const double started = now_s();
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
            log_to_file(LogLevel::Info, line);
    }
    try {
        write_text_atomically(paths_.checks(), checks_json(report).dump(2) + "\n");
    } catch (const std::exception& e) {  // a full disk: the results are in the log
        log(LogLevel::Warning, e.what());
    }
    observer_.on_checks(report);
    std::ostringstream summary;
    summary.precision(2);
    summary << "sanity checks: " << counts[0] << " passed, " << counts[1] << " warned, "
            << counts[2] << " failed, " << counts[3] << " skipped in " << now_s() - started
            << " s (checks.json)";
    log(LogLevel::Info, summary.str());
}

void TrainingRun::write_status(const std::string& state, const Phrase& message) {
    if (!distributed_.writes()) return;
    RunStatus s;
    s.state = state;
    s.step = position_.step;
    s.planned_steps = planned_steps_;
    s.best_valid_loss = position_.best_valid_loss;
    s.elapsed_s = elapsed();
    s.message = message;
    s.started_at = started_at_;
    try {
        write_run_status(run_dir_, s);
    } catch (const std::exception& e) {  // a full disk: the run goes on, the old status stays
        log(LogLevel::Warning, e.what());
    }
}

TrainingFinished TrainingRun::start(const ExperimentConfig& config) {
    return guarded([&] {
        config_ = config;
        require_valid(config_);
        // Before the data is read: the vocabulary is at most tokenizer.vocab_size.
        const int64_t vocab = config_.tokenizer.vocab_size;
        require_memory_on(training_device(), config_, vocab, vocab);
        join_process_group();
        if (!distributed_.writes()) return prepare_from_rank0();
        std::error_code ec;
        if (fs::exists(run_dir_) && !fs::is_empty(run_dir_, ec))
            throw ConfigError("run directory " + run_dir_ +
                              " is not empty; choose a new one or resume it");
        create_run_folder(paths_.checkpoints());
        lock_ = std::make_unique<RunLock>(run_dir_);
        owns_status_ = true;
        save_config_file(config_, paths_.config());
        begin_at_step_zero();
    });
}

void TrainingRun::begin_at_step_zero(const std::string& note) {
    log_file_.open(paths_.log(), std::ios::app);
    if (!note.empty()) log(LogLevel::Info, note);
    started_at_ = utc_timestamp();
    history_ = std::make_unique<HistoryWriter>(run_dir_);
    open_tensorboard_log(0);
    log(LogLevel::Info, "preparing data");
    data_ = prepare_data(config_, [&](LogLevel level, const std::string& m) { log(level, m); });
    share_setup();
    run_quick_checks();  // before build(), which seeds the generators training draws from
    build(nullptr);
}

void TrainingRun::restart_without_checkpoint() {
    config_ = load_config_file(paths_.config());
    require_valid(config_);
    join_process_group();
    if (!distributed_.writes()) return prepare_from_rank0();
    lock_ = std::make_unique<RunLock>(run_dir_);
    remove_half_written_files(run_dir_);  // a first checkpoint cut short among them
    write_text_atomically(paths_.history(), "");
    drop_attention_snapshots_after(run_dir_, -1);
    owns_status_ = true;
    begin_at_step_zero(
        "no checkpoint to resume from: the run ended before its first one was "
        "written, so it starts again from step 0");
}

TrainingFinished TrainingRun::resume(const std::string& from) {
    return guarded([&] {
        const std::string source = resume_checkpoint_path(paths_, from);
        if (from.empty() && !fs::exists(source) && fs::exists(paths_.config()))
            return restart_without_checkpoint();
        if (!fs::exists(source))
            throw ConfigError(from.empty()
                                  ? run_dir_ + " has no checkpoints/last.tfw to resume from"
                                  : source + ": no such checkpoint");
        if (distributed_.writes()) {
            lock_ = std::make_unique<RunLock>(run_dir_);  // before anything in the run is touched
            remove_half_written_files(run_dir_);          // of the process that was killed
        }
        const Checkpoint checkpoint = load_resume_checkpoint(paths_, source);
        config_ = checkpoint.config;
        if (checkpoint.position.world_size != distributed_.world_size) {
            const int n = checkpoint.position.world_size;
            throw ConfigError(
                run_dir_ + " was trained by " + std::to_string(n) +
                (n == 1 ? " process" : " processes") + " and this is " +
                std::to_string(distributed_.world_size) + ": resume it with " +
                (n == 1
                     ? "`tfw resume " + run_dir_ + "`"
                     : "`tfw launch --nproc " + std::to_string(n) + " resume " + run_dir_ + "`") +
                ". The rows of a batch each process takes and the dropout masks it draws depend "
                "on the number of processes, so another number would not continue the same run.");
        }
        join_process_group();
        auto src = deserialize_tokenizer(checkpoint.src_tokenizer_type, checkpoint.src_tokenizer);
        auto tgt =
            checkpoint.tgt_tokenizer == checkpoint.src_tokenizer
                ? src
                : deserialize_tokenizer(checkpoint.tgt_tokenizer_type, checkpoint.tgt_tokenizer);
        if (!distributed_.writes()) {  // the other ranks only train
            data_ = prepare_data_with(config_, src, tgt,
                                      [&](LogLevel level, const std::string& m) { log(level, m); });
            return build(&checkpoint);
        }
        started_at_ = read_run_status(run_dir_).started_at;
        if (started_at_.empty()) started_at_ = utc_timestamp();
        log_file_.open(paths_.log(), std::ios::app);
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
        history_ = std::make_unique<HistoryWriter>(run_dir_);
        open_tensorboard_log(checkpoint.position.step);
        log(LogLevel::Info, "resuming at step " + std::to_string(checkpoint.position.step) +
                                (from.empty() ? "" : " from " + source));
        try {  // snapshots after the checkpoint belong to steps that will be trained again
            drop_attention_snapshots_after(run_dir_, checkpoint.position.step);
            last_snapshot_step_ = checkpoint.position.step;
        } catch (const std::exception& e) {
            log(LogLevel::Warning, e.what());
        }
        data_ = prepare_data_with(config_, src, tgt,
                                  [&](LogLevel level, const std::string& m) { log(level, m); });
        build(&checkpoint);
    });
}

TrainingFinished TrainingRun::guarded(const std::function<void()>& setup) {
    session_start_ = now_s();
    TrainingFinished finished;
    try {
        setup();
        finished = loop();
    } catch (const std::exception& e) {
        std::string message = user_error_text(e);
        if (message.find("out of memory") != std::string::npos ||
            dynamic_cast<const std::bad_alloc*>(&e))
            message = "out of memory at step " + std::to_string(position_.step) +
                      " (train.batch_tokens " + std::to_string(config_.train.batch_tokens) + "). " +
                      out_of_memory_advice(device_.is_cuda(), precision_.native_bf16,
                                           precision_.precision != Precision::Fp32);
        if (dynamic_cast<const DistributedError*>(&e))
            message += ". The run stops; its last checkpoint is intact: `tfw launch --nproc " +
                       std::to_string(distributed_.world_size) + " resume " + run_dir_ +
                       "` continues it";
        if (group_ && !setup_shared_) {  // the other ranks of a new run wait for rank 0
            try {
                share_setup(message);
            } catch (const std::exception&) {
            }
        }
        finished.reason = FinishReason::Failed;
        finished.message = message;
        finished.step = position_.step;
        log(LogLevel::Error, message);  // to the observer, and to train.log once it is open
        // A run another process trains keeps its own status, and so does one whose resume
        // never started training.
        if (owns_status_ && fs::exists(run_dir_)) {
            try {
                write_status("failed", verbatim(message));
            } catch (const std::exception&) {
            }
        }
    }
    if (tensorboard_)
        tensorboard_->finish(finished.reason == FinishReason::Failed    ? SessionOutcome::Failure
                             : finished.reason == FinishReason::Stopped ? SessionOutcome::Unknown
                                                                        : SessionOutcome::Success);
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

void TrainingRun::join_process_group() {
    if (!distributed_.active()) return;
    group_ = std::make_unique<ProcessGroup>(distributed_, training_device());
}

// The store's keys are written once, status last: a rank that reads "ok" finds the others.
void TrainingRun::share_setup(const std::string& error) {
    if (!group_ || !distributed_.writes() || setup_shared_) return;
    setup_shared_ = true;
    if (error.empty()) {
        const bool shared = data_.tgt_tokenizer == data_.src_tokenizer;
        group_->publish("setup/config", to_json(config_).dump());
        group_->publish("setup/run_dir", run_dir_);
        group_->publish("setup/src_type", data_.src_tokenizer->type_name());
        group_->publish("setup/src", data_.src_tokenizer->serialize());
        group_->publish("setup/tgt_type", shared ? "" : data_.tgt_tokenizer->type_name());
        group_->publish("setup/tgt", shared ? "" : data_.tgt_tokenizer->serialize());
    }
    group_->publish("setup/status", error.empty() ? "ok" : error);
}

// A new run's rank > 0: the experiment, the run's name and the tokenizers come from rank 0
// (which may have trained them), so a rank started with other settings cannot train another
// model; the data is read here.
void TrainingRun::prepare_from_rank0() {
    const std::string status = group_->read("setup/status");
    if (status != "ok") throw RunFailure("rank 0 could not start the run: " + status);
    config_ = config_from_json(nlohmann::json::parse(group_->read("setup/config")));
    run_dir_ = group_->read("setup/run_dir");
    paths_ = RunPaths(run_dir_);
    auto src = deserialize_tokenizer(group_->read("setup/src_type"), group_->read("setup/src"));
    const std::string tgt_type = group_->read("setup/tgt_type");
    auto tgt = tgt_type.empty() ? src : deserialize_tokenizer(tgt_type, group_->read("setup/tgt"));
    data_ = prepare_data_with(config_, src, tgt,
                              [&](LogLevel level, const std::string& m) { log(level, m); });
    build(nullptr);
}

at::Device TrainingRun::training_device() const {
    const at::Device device = choose_device(config_.train.device);
    if (!distributed_.active() || !device.is_cuda()) return device;
    // One GPU per process: LOCAL_RANK picks it on its machine.
    const auto gpus = static_cast<int>(torch::cuda::device_count());
    return {at::kCUDA, static_cast<c10::DeviceIndex>(distributed_.local_rank % std::max(1, gpus))};
}

void TrainingRun::build(const Checkpoint* from) {
    int threads = config_.train.threads;
    // Processes on one machine share its cores.
    if (threads == 0 && distributed_.local_world_size > 1)
        threads = std::max(1, static_cast<int>(std::thread::hardware_concurrency()) /
                                  distributed_.local_world_size);
    threads = configure_threads(threads);
    device_ = training_device();
    precision_ = choose_precision(config_.train.precision, device_);
    if (precision_.precision == Precision::Fp16 && device_.is_cpu())
        throw ConfigError("train.precision (fp16) needs a GPU; use auto, bf16 or fp32 on cpu");
    at::manual_seed(config_.train.seed);
    const int64_t src_vocab = data_.src_tokenizer->vocab_size();
    const int64_t tgt_vocab = data_.tgt_tokenizer->vocab_size();
    require_memory_on(device_, config_, src_vocab, tgt_vocab);
    model_ = TransformerModel(model_options(config_, src_vocab, tgt_vocab));
    if (from) load_module(*model_, from->weights);
    model_->to(device_);
    model_->train();
    optimizer_ = make_optimizer(config_.train, model_->parameters());
    if (from && !from->optimizer.empty()) load_optimizer(*optimizer_, from->optimizer);

    if (from) {
        position_ = from->position;
        elapsed_before_ = position_.elapsed_s;
        set_dropout_rng_state({position_.dropout_seed, position_.dropout_counter});
        restore_generator_state(from->device_generator, device_);
    } else {
        position_ = TrainingPosition{};
        position_.dropout_seed =
            static_cast<uint64_t>(config_.train.seed) * 0x9E3779B97F4A7C15ULL + 1;
        set_dropout_rng_state({position_.dropout_seed, 0});
    }
    position_.world_size = distributed_.world_size;
    if (group_) reducer_ = std::make_unique<GradientAllReducer>(model_->parameters(), *group_);
    loss_scaler_ = LossScaler(position_.loss_scale);
    divergence_ = DivergenceWatch(std::log(static_cast<double>(tgt_vocab)));
    if (config_.train.snapshot_every >= 0)
        probes_ = probe_inputs(data_, config_, model_->options().max_positions);
    if (config_.train.valid_metric != ValidMetric::Loss && distributed_.writes())
        scorer_ = std::make_unique<ValidationScorer>(config_, data_);

    const std::vector<Batch> epoch_batches =
        make_batches(data_.train.examples, config_.train.batch_tokens, false, 0, 1);
    const StepPlan step_plan =
        plan_steps(config_.train, static_cast<int64_t>(epoch_batches.size()));
    steps_per_epoch_ = step_plan.steps_per_epoch;
    planned_steps_ = step_plan.planned_steps;

    TrainingStarted started;
    started.run_dir = run_dir_;
    if (device_.is_cpu())
        started.threads = threads;
    else
        started.gpu = describe_device(device_);
    started.precision = precision_;
    if (group_) {
        started.processes = distributed_.world_size;
        started.backend = group_->backend();
    }
    started.parameters = model_->parameter_count();
    started.train_examples = static_cast<int64_t>(data_.train.examples.size());
    started.valid_examples = static_cast<int64_t>(data_.valid.examples.size());
    started.steps_per_epoch = steps_per_epoch_;
    started.planned_steps = planned_steps_;
    started.start_step = position_.step;
    started.time_budget_s = 60 * config_.train.max_minutes;
    std::string plan = std::to_string(planned_steps_) + " planned";
    if (config_.train.max_minutes > 0)
        plan += " or " + format_number(config_.train.max_minutes) +
                " minutes (train.max_minutes), whichever comes first";
    log(LogLevel::Info, "model: " + std::to_string(started.parameters) + " parameters on " +
                            device_summary(started) + "; precision " +
                            describe_precision(precision_) + "; " +
                            std::to_string(steps_per_epoch_) + " steps per epoch, " + plan);
    std::ostringstream padding;
    padding << std::fixed << std::setprecision(1) << 100.0 * padding_share(epoch_batches);
    log(LogLevel::Info, "batches: " + padding.str() + "% of their positions are padding");
    if (reducer_)
        log(LogLevel::Info, "data parallel: " + std::to_string(distributed_.world_size) +
                                " processes (" + group_->backend() + "); each takes 1 of every " +
                                std::to_string(distributed_.world_size) +
                                " examples of a batch, gradients are summed in " +
                                std::to_string(reducer_->buckets()) +
                                (reducer_->buckets() == 1 ? " bucket" : " buckets") +
                                " while backward runs");
    owns_status_ = true;
    write_status("running");
    observer_.on_started(started);
}

TrainingRun::Agreement TrainingRun::agree() {
    const double budget_s = 60 * config_.train.max_minutes;
    Agreement a;
    a.stop = control_.stop.load();
    a.pause = control_.pause.load();
    a.budget_used = budget_s > 0 ? elapsed() / budget_s : 0.0;
    a.time_up = budget_s > 0 && a.budget_used >= 1;
    if (!group_) return a;
    const bool rank0 = distributed_.writes();
    const std::vector<double> sums = group_->sum(
        {a.stop ? 1.0 : 0.0, rank0 && a.pause ? 1.0 : 0.0, rank0 && a.time_up ? 1.0 : 0.0,
         rank0 ? a.budget_used : 0.0, rank0 ? double(dropout_rng_state().counter) : 0.0});
    // Each rank draws its own dropout masks, from rank 0's position in its stream (the one
    // checkpoints keep): a resumed run draws the same masks whatever each rank's share was.
    if (!rank0)
        set_dropout_rng_state({mix_seed(position_.dropout_seed, uint64_t(distributed_.rank)),
                               static_cast<uint64_t>(sums[4])});
    return {sums[0] > 0, sums[1] > 0, sums[2] > 0, sums[3]};
}

bool TrainingRun::wait_while_paused(Agreement& agreement) {
    if (!agreement.pause) return true;
    // The steps since the last report first, so that the charts and the progress bar show the
    // step the log says the run paused at.
    report_steps();
    write_status("paused");
    log(LogLevel::Info, "paused at step " + std::to_string(position_.step));
    const double paused_at = now_s();
    while (agreement.pause && !agreement.stop) {
        // The ranks of a paused run keep agreeing, a few times a second, until it goes on.
        std::this_thread::sleep_for(std::chrono::milliseconds(group_ ? 100 : 50));
        agreement = agree();
    }
    paused_s_ += now_s() - paused_at;
    if (agreement.stop) return false;
    log(LogLevel::Info, "resumed");
    write_status("running");
    return true;
}

bool TrainingRun::train_step(const std::vector<Batch>& batches, size_t first, size_t count) {
    int64_t tokens = 0;
    for (size_t i = first; i < first + count; ++i) tokens += batches[i].tgt_tokens;
    if (tokens == 0) return true;
    const bool fp16 = precision_.precision == Precision::Fp16;
    const double scale = fp16 ? loss_scaler_.scale() : 1.0;
    optimizer_->zero_grad();
    // Data parallel: this rank's rows of each batch. The loss is still divided by the whole
    // step's target tokens, so the gradients summed over the ranks are one process's.
    std::vector<Batch> shards;
    size_t last_shard = 0;
    if (group_) {
        for (size_t i = first; i < first + count; ++i) {
            shards.push_back(batch_shard(batches[i], distributed_.rank, distributed_.world_size));
            if (shards.back().size > 0) last_shard = shards.size();
        }
    }
    double loss = 0, nll = 0;
    int64_t all_tokens = 0;
    for (size_t i = first; i < first + count; ++i) {
        const Batch& rows = group_ ? shards[i - first] : batches[i];
        if (rows.size == 0) continue;
        if (reducer_ && i - first + 1 == last_shard) reducer_->arm();
        const BatchTensors batch = to_tensors(rows, device_);
        const StepStats stats =
            forward_backward(*model_, batch, config_.train.label_smoothing,
                             scale / static_cast<double>(tokens), precision_.precision);
        loss += stats.loss;
        nll += stats.nll;
        all_tokens += batch.src_tokens + batch.tgt_tokens;
    }
    if (reducer_) {
        reducer_->finish();
        const std::vector<double> sums = group_->sum({loss, nll, double(all_tokens)});
        loss = sums[0];
        nll = sums[1];
        all_tokens = static_cast<int64_t>(sums[2]);
    }
    const auto parameters = model_->parameters();
    // A non-finite loss is never stepped on: the loop ends the run with the weights intact.
    if (divergence_.observe(position_.step + 1, nll / static_cast<double>(tokens)) &&
        divergence_.non_finite())
        return false;
    if (fp16 && !loss_scaler_.unscale(parameters)) {
        log(LogLevel::Warning,
            "fp16 gradients overflowed; loss scale now " + format_number(loss_scaler_.scale()));
        return false;
    }
    last_lr_ = learning_rate_at(config_, position_.step + 1, budget_used_);
    set_learning_rate(*optimizer_, last_lr_);
    const double grad_norm = clip_gradients(parameters, config_.train.clip_norm);
    optimizer_->step();

    ++position_.step;
    position_.tokens_seen += tokens;
    pending_.loss += loss;
    pending_.nll += nll;
    pending_.tokens += tokens;
    pending_.all_tokens += all_tokens;
    pending_.grad_norm += grad_norm;
    ++pending_.steps;
    return true;
}

void TrainingRun::open_tensorboard_log(int64_t first_step) {
    try {
        tensorboard_ = std::make_unique<RunTensorBoardLog>(run_dir_, to_json(config_), first_step);
    } catch (const std::exception& e) {
        log(LogLevel::Warning,
            std::string(e.what()) + "; the run goes on without TensorBoard events");
    }
}

void TrainingRun::report_steps() {
    if (pending_.steps == 0) return;
    const double now = elapsed();
    if (!history_) {  // ranks > 0 report nothing
        pending_ = Pending{};
        pending_.since = now;
        return;
    }
    StepReport r;
    r.step = position_.step;
    r.epoch = position_.epoch;
    r.epoch_progress = steps_per_epoch_ > 0
                           ? std::min(1.0, double(position_.batch_in_epoch) /
                                               double(steps_per_epoch_ * config_.train.accumulate))
                           : 0.0;
    r.train_loss = pending_.loss / std::max<int64_t>(1, pending_.tokens);
    r.train_nll = pending_.nll / std::max<int64_t>(1, pending_.tokens);
    r.lr = last_lr_;
    r.grad_norm = pending_.grad_norm / pending_.steps;
    r.tokens_per_s = pending_.all_tokens / std::max(1e-9, now - pending_.since);
    r.tokens_seen = position_.tokens_seen;
    r.elapsed_s = now;
    history_->append(r);
    if (tensorboard_) tensorboard_->append(r);
    observer_.on_step(r);
    pending_ = Pending{};
    pending_.since = now;
}

ValidationReport TrainingRun::validate() {
    model_->eval();
    double nll = 0;
    int64_t tokens = 0, correct = 0;
    for (const Batch& batch :
         make_batches(data_.valid.examples, config_.train.batch_tokens, false, 0, 0)) {
        // Data parallel: each rank scores its rows of the batch; the sums are shared below.
        const Batch rows =
            group_ ? batch_shard(batch, distributed_.rank, distributed_.world_size) : Batch{};
        if (group_ && rows.size == 0) continue;
        const StepStats stats = evaluate_batch(*model_, to_tensors(group_ ? rows : batch, device_),
                                               precision_.precision);
        nll += stats.nll;
        tokens += stats.tokens;
        correct += stats.correct;
    }
    if (group_) {
        const std::vector<double> sums = group_->sum({nll, double(tokens), double(correct)});
        nll = sums[0];
        tokens = static_cast<int64_t>(sums[1]);
        correct = static_cast<int64_t>(sums[2]);
    }
    ValidationReport r;
    const MetricInfo* metric = validation_metric(config_.train.valid_metric);
    ValidationScorer::Score score;
    if (metric) {
        if (scorer_) score = scorer_->score(*model_);  // rank 0; the others learn it below
        if (group_) score.value = group_->sum({score.value})[0];
        r.score_key = metric->key;
        r.score = score.value;
    }
    model_->train();
    r.step = position_.step;
    r.epoch = position_.epoch;
    r.loss = nll / std::max<int64_t>(1, tokens);
    r.perplexity = std::exp(r.loss);
    r.word_perplexity = word_perplexity(r.loss, data_.valid.tokens_per_word);
    r.accuracy = tokens ? double(correct) / double(tokens) : 0.0;
    r.tokens_seen = position_.tokens_seen;
    r.elapsed_s = elapsed();
    // best_valid_loss is the lowest loss seen; best.tfw follows the score when there is one.
    const bool lower_loss = position_.best_valid_loss == 0 || r.loss < position_.best_valid_loss;
    if (lower_loss) position_.best_valid_loss = r.loss;
    r.is_best = r.score_key.empty()
                    ? lower_loss
                    : position_.best_valid_score < 0 || r.score > position_.best_valid_score;
    if (r.is_best) {
        if (!r.score_key.empty()) position_.best_valid_score = r.score;
        position_.best_step = r.step;
        position_.bad_validations = 0;
    } else {
        ++position_.bad_validations;
    }
    position_.validated_step = position_.step;
    if (history_) history_->append(r);
    if (tensorboard_) tensorboard_->append(r);
    observer_.on_validation(r);
    std::ostringstream line;
    line.precision(4);
    line << "step " << r.step << ": validation loss " << r.loss << ", perplexity " << r.perplexity;
    if (r.word_perplexity > 0) line << " (per word " << r.word_perplexity << ")";
    line << ", accuracy " << 100 * r.accuracy << "%";
    if (metric)
        line << ", " << metric->name << " " << r.score << " (greedy, " << score.sentences
             << " sentences in " << std::lround(score.seconds) << " s)";
    line << (r.is_best ? " (best)" : "");
    log(LogLevel::Info, line.str());
    return r;
}

void TrainingRun::report_samples() {
    if (!distributed_.writes()) return;
    const SamplesReport report = preview_samples(*model_, data_, config_, position_.step);
    if (report.samples.empty()) return;
    for (size_t i = 0; i < report.samples.size(); ++i)
        if (log_file_)
            log_file_ << "  sample " << i + 1 << ": " << report.samples[i].input << " => "
                      << report.samples[i].output
                      << "   (reference: " << report.samples[i].reference << ")\n";
    log_file_ << std::flush;
    observer_.on_samples(report);
}

void TrainingRun::snapshot_attention_maps() {
    if (!distributed_.writes()) return;
    if (probes_.empty() || last_snapshot_step_ == position_.step) return;
    last_snapshot_step_ = position_.step;
    try {
        const double started = now_s();
        AttentionSnapshot snapshot =
            snapshot_attention(*model_, data_, config_, probes_, position_.step);
        if (snapshot.probes.empty()) return;
        snapshots_.bytes += add_attention_snapshot(run_dir_, snapshot).bytes;
        snapshots_.seconds += now_s() - started;
        ++snapshots_.count;
        AttentionSnapshotReport report;
        report.step = snapshot.step;
        for (ProbeAttention& probe : snapshot.probes)
            report.probes.push_back(std::move(probe.entropies));
        observer_.on_attention_snapshot(report);
    } catch (const std::exception& e) {
        log(LogLevel::Warning, "could not write the attention snapshot at step " +
                                   std::to_string(position_.step) + " (" + user_error_text(e) +
                                   "); training goes on");
    }
}

void TrainingRun::save(bool best, bool final) {
    if (!distributed_.writes()) return;  // rank 0 alone writes checkpoints
    // Steps trained since the last report are reported first, so that the history the
    // checkpoint carries covers every step up to it and a resumed run's history.jsonl equals an
    // uninterrupted run's.
    report_steps();
    history_->flush();
    if (const std::string error = history_->take_error(); !error.empty())
        log(LogLevel::Warning, error);
    if (const std::string error = tensorboard_ ? tensorboard_->take_error() : ""; !error.empty())
        log(LogLevel::Warning, error + " (TensorBoard misses these events; training goes on)");
    position_.elapsed_s = elapsed();
    const DropoutRngState rng = dropout_rng_state();
    position_.dropout_seed = rng.seed;
    position_.dropout_counter = rng.counter;
    position_.loss_scale = loss_scaler_.state();
    Checkpoint checkpoint =
        run_checkpoint(config_, data_, *model_, *optimizer_, position_, paths_.history());
    checkpoint.device_generator = training_generator_state(device_);
    try {
        write_run_checkpoints(checkpoint, paths_, best);
    } catch (const std::exception& e) {
        // A full disk (or another write error) must not cost the run: the previous checkpoint
        // is intact (files are written to .partial and renamed) and the next save tries again.
        const std::string what = user_error_text(e);
        if (final)
            throw RunFailure("the checkpoint at step " + std::to_string(position_.step) +
                             " could not be saved (" + what +
                             "). Free some space and run `tfw resume " + run_dir_ +
                             "` to continue from the last complete checkpoint.");
        log(LogLevel::Warning, "checkpoint at step " + std::to_string(position_.step) +
                                   " not saved: " + what +
                                   ". Training goes on; checkpoints/last.tfw still holds the last "
                                   "complete checkpoint and the next save tries again.");
    }
}

Phrase TrainingRun::divergence_message() const {
    const TrainConfig& t = config_.train;
    const std::string step = std::to_string(divergence_.step());
    // What to try, each clause only where it would change something.
    Phrase advice = run_status_text(
        TFW_TR_NOOP("RunStatus",
                    " Try a lower train.lr (now %1), more train.warmup_steps (now %2)"),
        {format_number(t.lr), std::to_string(t.warmup_steps)});
    if (t.clip_norm <= 0 || t.clip_norm > 1)
        advice.then(run_status_text(TFW_TR_NOOP("RunStatus", ", train.clip_norm 1.0 (now %1)"),
                                    {format_number(t.clip_norm)}));
    if (config_.model.norm == NormPlacement::Post)
        advice.then(run_status_text(TFW_TR_NOOP("RunStatus", ", model.norm pre (now post)")));
    if (precision_.precision != Precision::Fp32)
        advice.then(run_status_text(TFW_TR_NOOP("RunStatus", ", train.precision fp32 (now %1)"),
                                    {precision_name(precision_.precision)}));
    advice.then(run_status_text(TFW_TR_NOOP("RunStatus", ".")));
    if (divergence_.non_finite())
        return run_status_text(TFW_TR_NOOP("RunStatus", "diverged: the loss became %1 at step %2."),
                               {std::isnan(divergence_.loss()) ? "NaN" : "infinite", step})
            .then(advice);
    return run_status_text(TFW_TR_NOOP("RunStatus",
                                       "diverged at step %1: the training loss reached %2 nats "
                                       "per token, where a uniform guess scores %3."),
                           {step, format_number(divergence_.loss()),
                            format_number(divergence_.limit() - DivergenceWatch::kMarginNats)})
        .then(advice);
}

TrainingFinished TrainingRun::loop() {
    const TrainConfig& t = config_.train;
    TrainingFinished finished;
    pending_.since = elapsed();
    auto validate_and_save = [&] {
        const ValidationReport r = validate();
        report_samples();
        if (t.snapshot_every == 0) snapshot_attention_maps();
        save(r.is_best);
        write_status("running");
        return r;
    };
    // Completed and early-stopped runs end validated; a stop request only saves, promptly.
    auto finish = [&](FinishReason reason, std::string state, Phrase message) {
        control_.finishing = true;
        // A run that trained on after diverging (train.stop_on_divergence false) is no success.
        if (divergence_.diverged() &&
            (reason == FinishReason::Completed || reason == FinishReason::EarlyStopped)) {
            reason = FinishReason::Diverged;
            state = "diverged";
            message.then(run_status_text(
                TFW_TR_NOOP("RunStatus",
                            " Its loss diverged at step %1 (train.stop_on_divergence is off)."),
                {std::to_string(divergence_.step())}));
        }
        report_steps();
        if (reason != FinishReason::Stopped && position_.validated_step != position_.step &&
            position_.step > 0) {
            validate();
            report_samples();
        }
        snapshot_attention_maps();  // the latest state, whatever the interval
        save(position_.best_step == position_.step, /*final=*/true);
        if (snapshots_.count > 0) {  // what they cost, so that it can be weighed
            std::ostringstream line;
            line.precision(3);
            line << "attention snapshots: " << snapshots_.count << " written ("
                 << double(snapshots_.bytes) / 1024 << " KB) in " << snapshots_.seconds << " s, "
                 << 100 * snapshots_.seconds / std::max(1e-9, now_s() - session_start_)
                 << "% of this session";
            log(LogLevel::Info, line.str());
        }
        log(reason == FinishReason::Diverged ? LogLevel::Error : LogLevel::Info, message.text());
        write_status(state, message);
        finished.reason = reason;
        finished.message = message.text();
        finished.step = position_.step;
        return finished;
    };
    auto out_of_patience = [&] {
        return t.patience > 0 && position_.bad_validations >= t.patience;
    };
    auto early_stop = [&] {
        const MetricInfo* metric = validation_metric(t.valid_metric);
        const std::string patience = std::to_string(t.patience);
        const std::string best = std::to_string(position_.best_step);
        return finish(FinishReason::EarlyStopped, "early_stopped",
                      metric ? run_status_text(TFW_TR_NOOP("RunStatus",
                                                           "stopped early: validation %1 has not "
                                                           "improved for %2 validations (best at "
                                                           "step %3)"),
                                               {metric->name, patience, best})
                             : run_status_text(TFW_TR_NOOP("RunStatus",
                                                           "stopped early: validation loss has "
                                                           "not improved for %1 validations (best "
                                                           "at step %2)"),
                                               {patience, best}));
    };

    if (position_.step == 0) snapshot_attention_maps();  // the untrained model, for contrast
    for (; position_.epoch <= t.epochs; ++position_.epoch, position_.batch_in_epoch = 0) {
        const auto batches = make_batches(data_.train.examples, t.batch_tokens, true,
                                          static_cast<uint64_t>(t.seed), position_.epoch);
        while (position_.batch_in_epoch < static_cast<int64_t>(batches.size())) {
            // Checked before training, so a resumed run that had reached it trains no more.
            if (t.max_steps > 0 && position_.step >= t.max_steps)
                return finish(FinishReason::Completed, "completed",
                              run_status_text(TFW_TR_NOOP("RunStatus",
                                                          "finished: reached train.max_steps (%1)"),
                                              {std::to_string(t.max_steps)}));
            if (t.max_tokens > 0 && position_.tokens_seen >= t.max_tokens)
                return finish(FinishReason::Completed, "completed",
                              run_status_text(TFW_TR_NOOP("RunStatus",
                                                          "finished: reached train.max_tokens (%1 "
                                                          "target tokens)"),
                                              {std::to_string(t.max_tokens)}));
            Agreement agreed = agree();
            if (agreed.time_up)
                return finish(FinishReason::Completed, "completed",
                              run_status_text(TFW_TR_NOOP("RunStatus",
                                                          "finished: reached train.max_minutes "
                                                          "(%1)"),
                                              {format_number(t.max_minutes)}));
            if (agreed.stop || !wait_while_paused(agreed))
                return finish(FinishReason::Stopped, "stopped",
                              run_status_text(TFW_TR_NOOP("RunStatus",
                                                          "stopped at step %1; resume to continue"),
                                              {std::to_string(position_.step)}));
            budget_used_ = agreed.budget_used;
            const size_t first = static_cast<size_t>(position_.batch_in_epoch);
            const size_t count = std::min<size_t>(t.accumulate, batches.size() - first);
            const bool stepped = train_step(batches, first, count);
            position_.batch_in_epoch += static_cast<int64_t>(count);
            if (divergence_.diverged() && !divergence_told_) {
                divergence_told_ = true;
                const Phrase message = divergence_message();
                if (divergence_.non_finite() || t.stop_on_divergence)
                    return finish(FinishReason::Diverged, "diverged", message);
                log(LogLevel::Warning, message.text() +
                                           " Training goes on (train.stop_on_divergence "
                                           "is off).");
            }
            if (!stepped) continue;
            if (position_.step % t.log_every == 0) report_steps();
            if (t.snapshot_every > 0 && position_.step % t.snapshot_every == 0)
                snapshot_attention_maps();
            if (t.valid_every > 0 && position_.step % t.valid_every == 0) {
                report_steps();
                validate_and_save();
                if (out_of_patience()) return early_stop();
            } else if (t.save_every > 0 && position_.step % t.save_every == 0) {
                save(false);
            }
        }
        // A run resumed from this epoch's end-of-epoch checkpoint has validated it already.
        if (t.valid_every == 0 && position_.validated_step != position_.step) {
            report_steps();
            validate_and_save();
            if (out_of_patience()) return early_stop();
        }
    }
    return finish(FinishReason::Completed, "completed",
                  run_status_text(TFW_TR_NOOP("RunStatus", "finished: %1 epochs"),
                                  {std::to_string(t.epochs)}));
}

}  // namespace tfw
