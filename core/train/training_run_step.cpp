// One optimizer step (this rank's rows of a step's batches, gradients summed over the ranks),
// one validation, and their reports to history.jsonl, TensorBoard and the observer.
#include <ATen/ATen.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/runtime/host_reads.h"
#include "core/train/lr_schedule.h"
#include "core/train/optimizer.h"
#include "core/train/run_messages.h"
#include "core/train/train_step.h"
#include "core/train/training_run.h"
#include "core/train/validation_pass.h"
#include "core/train/validation_score.h"

namespace tfw {

bool TrainingRun::train_step(const std::vector<Batch>& batches, size_t first, size_t count) {
    int64_t tokens = 0;
    for (size_t i = first; i < first + count; ++i) tokens += batches[i].tgt_tokens;
    if (tokens == 0) return true;
    const bool fp16 = precision_.precision == Precision::Fp16;
    const double scale = fp16 ? loss_scaler_.scale() : 1.0;
    if (step_graphs_) {  // one batch, one process, no fp16 (see training_run_model.cpp)
        last_lr_ = learning_rate_at(config_, position_.step + 1, budget_used_);
        const StepOutputs out = graphed_step(batches[first], tokens);
        finish_step(out, tokens, batches[first].src_tokens + batches[first].tgt_tokens);
        return true;
    }
    optimizer_->zero_grad();
    // This rank's rows of each batch. The loss is still divided by the whole step's target
    // tokens, so the gradients summed over the ranks are one process's.
    std::vector<Batch> shares;
    size_t last_share = 0;  // the one whose backward pass sums the gradients
    for (size_t i = first; i < first + count; ++i) {
        shares.push_back(ranks_.rows_of(batches[i]));
        if (shares.back().size > 0) last_share = shares.size();
    }
    // This rank's sums stay on the device; the report reads them back.
    at::Tensor loss = at::zeros({}, at::TensorOptions(device_).dtype(at::kFloat));
    at::Tensor nll = loss;
    int64_t all_tokens = 0;
    for (size_t i = 0; i < shares.size(); ++i) {
        if (shares[i].size == 0) continue;
        if (i + 1 == last_share) ranks_.arm_gradient_sum();
        const BatchTensors batch = to_tensors(shares[i], device_);
        const LossSums sums =
            forward_backward(*model_, batch, config_.train.label_smoothing,
                             scale / static_cast<double>(tokens), precision_.precision);
        loss = loss + sums.loss;
        nll = nll + sums.nll;
        all_tokens += batch.src_tokens + batch.tgt_tokens;
    }
    ranks_.finish_gradient_sum();
    if (fp16) {
        // Dynamic loss scaling decides on the host whether this step counts; so it reads the
        // loss too, and a non-finite one ends the run before it is stepped on.
        const double step_nll = ranks_.sum({read_scalar(nll)})[0];
        if (divergence_.observe(position_.step + 1, step_nll / static_cast<double>(tokens)) &&
            divergence_.non_finite()) {
            halted_ = true;
            return false;
        }
        if (!loss_scaler_.unscale(model_->parameters())) {
            log(LogLevel::Warning,
                "fp16 gradients overflowed; loss scale now " + format_number(loss_scaler_.scale()));
            return false;
        }
    }
    last_lr_ = learning_rate_at(config_, position_.step + 1, budget_used_);
    // A non-finite loss or gradient is never stepped on: from it on the optimizer changes
    // nothing, and the report that reads it back ends the run with the weights as they were.
    const at::Tensor skip = halt_.logical_or(nll.isfinite().logical_not());
    const at::Tensor grad_norm = optimizer_step_->step(last_lr_, skip);
    const at::Tensor skipped = skip.logical_or(grad_norm.isfinite().logical_not());
    finish_step({loss, nll, grad_norm, skipped}, tokens, all_tokens);
    return true;
}

StepOutputs TrainingRun::graphed_step(const Batch& batch, int64_t tokens) {
    // The rate the optimizer's saved state records; the kernels read the device copy.
    set_learning_rate(*optimizer_, last_lr_);
    const double lr = last_lr_;
    const auto body = [&, lr](const StepInputs& in) {
        return take_step(*model_, *optimizer_step_, in, lr, config_.train.label_smoothing,
                         precision_.precision, step_graphs_->recording());
    };
    const bool was_recording = step_graphs_->recording();
    const int recorded = step_graphs_->shapes_recorded();
    StepOutputs out = step_graphs_->run(batch, 1.0 / static_cast<double>(tokens), lr, halt_, body);
    if (was_recording && !step_graphs_->recording())
        log(LogLevel::Warning,
            "CUDA graphs are off for the rest of this run (its steps launch "
            "every kernel): " +
                step_graphs_->failure() + ".");
    else if (recorded == 0 && step_graphs_->shapes_recorded() == 1)
        log(LogLevel::Info,
            "Training steps replay as CUDA graphs, one per batch shape "
            "(train.cuda_graphs)");
    return out;
}

void TrainingRun::finish_step(const StepOutputs& out, int64_t tokens, int64_t all_tokens) {
    halt_ = out.skipped;
    if (config_.train.stop_on_divergence && ranks_.world_size() == 1) {
        // The divergence watch's rule, on the device: after kStepsAboveLimit exploded steps in
        // a row the next steps change nothing, so the run ends where the watch says it
        // diverged. (Several ranks see only their own loss: they end at the next report.)
        const at::Tensor step_loss = out.nll / static_cast<double>(tokens);
        above_limit_ = at::where(step_loss > divergence_.limit(), above_limit_ + 1,
                                 at::zeros_like(above_limit_));
        halt_ = halt_.logical_or(above_limit_ >= DivergenceWatch::kStepsAboveLimit);
    }

    ++position_.step;
    position_.tokens_seen += tokens;
    pending_.sums.push_back(
        at::stack({out.loss, out.nll, out.grad_norm, out.skipped.to(at::kFloat)}));
    pending_.tokens.push_back(tokens);
    pending_.all_tokens.push_back(all_tokens);
}

void TrainingRun::report_steps() {
    const auto steps = static_cast<int64_t>(pending_.sums.size());
    if (steps == 0) return;
    const double now = elapsed();
    // One read for all of them: loss, NLL, gradient norm and halt of each step.
    const std::vector<double> read = read_to_host(at::stack(pending_.sums));
    std::vector<double> shared;  // each step's loss, NLL and tokens, summed over the ranks
    for (int64_t i = 0; i < steps; ++i) {
        shared.push_back(read[4 * i]);
        shared.push_back(read[4 * i + 1]);
        shared.push_back(static_cast<double>(pending_.all_tokens[i]));
    }
    shared = ranks_.sum(shared);
    const int64_t first_step = position_.step - steps + 1;
    double loss = 0, nll = 0, grad_norm = 0;
    int64_t tokens = 0, all_tokens = 0, reported = 0;
    for (int64_t i = 0; i < steps; ++i) {
        const double step_nll = shared[3 * i + 1] / static_cast<double>(pending_.tokens[i]);
        if (read[4 * i + 3] != 0) {
            // The optimizer halted here: this step and the ones after it changed nothing.
            // (After an exploded loss the watch has spoken already; this adds nothing.)
            divergence_.observe(first_step + i, std::isfinite(step_nll)
                                                    ? std::numeric_limits<double>::infinity()
                                                    : step_nll);
            halted_ = true;
            for (int64_t j = i; j < steps; ++j) position_.tokens_seen -= pending_.tokens[j];
            position_.step = first_step + i - 1;
            break;
        }
        divergence_.observe(first_step + i, step_nll);
        loss += shared[3 * i];
        nll += shared[3 * i + 1];
        all_tokens += static_cast<int64_t>(shared[3 * i + 2]);
        grad_norm += read[4 * i + 2];
        tokens += pending_.tokens[i];
        ++reported;
    }
    if (reported > 0 && ranks_.is_rank0()) {  // the others report nothing
        StepReport r;
        r.step = position_.step;
        r.epoch = position_.epoch;
        r.epoch_progress =
            steps_per_epoch_ > 0
                ? std::min(1.0, double(position_.batch_in_epoch) /
                                    double(steps_per_epoch_ * config_.train.accumulate))
                : 0.0;
        r.train_loss = loss / std::max<int64_t>(1, tokens);
        r.train_nll = nll / std::max<int64_t>(1, tokens);
        r.lr = last_lr_;
        r.grad_norm = grad_norm / static_cast<double>(reported);
        r.tokens_per_s = static_cast<double>(all_tokens) / std::max(1e-9, now - pending_.since);
        r.tokens_seen = position_.tokens_seen;
        r.elapsed_s = now;
        files_.report(r);
        observer_.on_step(r);
    }
    pending_ = Pending{};
    pending_.since = now;
}

ValidationReport TrainingRun::validate() {
    ValidationReport r =
        validation_pass(*model_, data_, config_, ranks_, device_, precision_.precision);
    const MetricInfo* metric = validation_metric(config_.train.valid_metric);
    ValidationScorer::Score score;
    if (metric) {
        if (scorer_) score = scorer_->score(*model_);  // rank 0; the others learn it below
        score.value = ranks_.sum({score.value})[0];
        r.score_key = metric->key;
        r.score = score.value;
    }
    model_->train();
    r.step = position_.step;
    r.epoch = position_.epoch;
    r.tokens_seen = position_.tokens_seen;
    r.elapsed_s = elapsed();
    const BestUpdate best = update_best(position_, r);
    position_ = best.position;
    r.is_best = best.is_best;
    files_.report(r);
    observer_.on_validation(r);
    log(LogLevel::Info, validation_line(r, metric, score));
    return r;
}

}  // namespace tfw
