// The model, optimizer and position a run trains, built new or from a checkpoint, and the
// checkpoints saved of them.
#include <ATen/ATen.h>
#include <torch/cuda.h>

#include <cmath>
#include <iomanip>
#include <sstream>
#include <thread>

#include "core/data/batch_padding.h"
#include "core/device/device.h"
#include "core/io/generator_state.h"
#include "core/io/model_io.h"
#include "core/model/fast_dropout.h"
#include "core/model/model_options.h"
#include "core/runtime/compute_threads.h"
#include "core/train/attention_probes.h"
#include "core/train/checkpoint_writer.h"
#include "core/train/memory_check.h"
#include "core/train/optimizer.h"
#include "core/train/planned_steps.h"
#include "core/train/run_messages.h"
#include "core/train/train_step.h"
#include "core/train/training_run.h"
#include "core/train/validation_score.h"

namespace tfw {

at::Device TrainingRun::training_device() const {
    const at::Device device = choose_device(config_.train.device);
    if (!ranks_.setup().active() || !device.is_cuda()) return device;
    // One GPU per process: LOCAL_RANK picks it on its machine.
    const auto gpus = static_cast<int>(torch::cuda::device_count());
    return {at::kCUDA,
            static_cast<c10::DeviceIndex>(ranks_.setup().local_rank % std::max(1, gpus))};
}

void TrainingRun::build(const Checkpoint* from) {
    int threads = config_.train.threads;
    // Processes on one machine share its cores.
    const int local_ranks = ranks_.setup().local_world_size;
    if (threads == 0 && local_ranks > 1)
        threads = std::max(1, static_cast<int>(std::thread::hardware_concurrency()) / local_ranks);
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
    optimizer_ = make_optimizer(config_.train, *model_);
    if (from && !from->optimizer.empty()) load_optimizer(*optimizer_, from->optimizer);
    optimizer_step_ = std::make_unique<OptimizerStep>(*optimizer_, config_.train);
    halt_ = at::zeros({}, at::TensorOptions(device_).dtype(at::kBool));
    above_limit_ = at::zeros({}, at::TensorOptions(device_).dtype(at::kInt));
    // One batch a step in one process, without fp16 (whose loss scaling decides on the host):
    // steps as CUDA graphs take them, recorded on a GPU with train.cuda_graphs, eagerly through
    // the same buffers elsewhere (the same arithmetic as the loop over batches).
    if (ranks_.world_size() == 1 && config_.train.accumulate == 1 &&
        precision_.precision != Precision::Fp16)
        step_graphs_ = std::make_unique<StepGraphs>(device_, config_.train.cuda_graphs, [this] {
            return step_state(*model_, *optimizer_step_);
        });

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
    position_.world_size = ranks_.world_size();
    ranks_.sum_gradients_of(model_->parameters());
    loss_scaler_ = LossScaler(position_.loss_scale);
    divergence_ = DivergenceWatch(std::log(static_cast<double>(tgt_vocab)));
    if (config_.train.snapshot_every >= 0)
        previews_.set_probes(probe_inputs(data_, config_, model_->options().max_positions));
    if (config_.train.valid_metric != ValidMetric::Loss && ranks_.is_rank0())
        scorer_ = std::make_unique<ValidationScorer>(config_, data_);

    const std::vector<Batch> epoch_batches =
        make_batches(data_.train.examples, config_.train.batch_tokens, false, 0, 1,
                     batch_shape_multiple(config_.train, device_));
    const StepPlan step_plan =
        plan_steps(config_.train, static_cast<int64_t>(epoch_batches.size()));
    steps_per_epoch_ = step_plan.steps_per_epoch;
    planned_steps_ = step_plan.planned_steps;
    report_started(threads, epoch_batches);
}

void TrainingRun::report_started(int threads, const std::vector<Batch>& epoch_batches) {
    TrainingStarted started;
    started.run_dir = run_dir_;
    if (device_.is_cpu())
        started.threads = threads;
    else
        started.gpu = describe_device(device_);
    started.precision = precision_;
    started.processes = ranks_.world_size();
    started.backend = ranks_.backend();
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
    if (const std::string line = ranks_.describe(); !line.empty()) log(LogLevel::Info, line);
    files_.claim_status();
    write_status("running");
    observer_.on_started(started);
}

void TrainingRun::save(bool best, bool final) {
    if (!ranks_.is_rank0()) return;  // rank 0 alone writes checkpoints
    // Steps trained since the last report are reported first, so that the history the
    // checkpoint carries covers every step up to it and a resumed run's history.jsonl equals an
    // uninterrupted run's.
    report_steps();
    for (const std::string& warning : files_.flush_reports()) log(LogLevel::Warning, warning);
    position_.elapsed_s = elapsed();
    const DropoutRngState rng = dropout_rng_state();
    position_.dropout_seed = rng.seed;
    position_.dropout_counter = rng.counter;
    position_.loss_scale = loss_scaler_.state();
    optimizer_step_->write_back_steps();
    Checkpoint checkpoint =
        run_checkpoint(config_, data_, *model_, *optimizer_, position_, paths_.history());
    checkpoint.device_generator = training_generator_state(device_);
    if (const std::string warning = save_run_checkpoints(checkpoint, paths_, best, final);
        !warning.empty())
        log(LogLevel::Warning, warning);
}

}  // namespace tfw
