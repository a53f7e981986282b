// One optimizer step (this rank's rows of a step's batches, gradients summed over the ranks),
// one validation, and their reports to history.jsonl, TensorBoard and the observer.
#include <algorithm>
#include <cmath>

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
    optimizer_->zero_grad();
    // This rank's rows of each batch. The loss is still divided by the whole step's target
    // tokens, so the gradients summed over the ranks are one process's.
    std::vector<Batch> shares;
    size_t last_share = 0;  // the one whose backward pass sums the gradients
    for (size_t i = first; i < first + count; ++i) {
        shares.push_back(ranks_.rows_of(batches[i]));
        if (shares.back().size > 0) last_share = shares.size();
    }
    double loss = 0, nll = 0;
    int64_t all_tokens = 0;
    for (size_t i = 0; i < shares.size(); ++i) {
        if (shares[i].size == 0) continue;
        if (i + 1 == last_share) ranks_.arm_gradient_sum();
        const BatchTensors batch = to_tensors(shares[i], device_);
        const StepStats stats =
            forward_backward(*model_, batch, config_.train.label_smoothing,
                             scale / static_cast<double>(tokens), precision_.precision);
        loss += stats.loss;
        nll += stats.nll;
        all_tokens += batch.src_tokens + batch.tgt_tokens;
    }
    ranks_.finish_gradient_sum();
    const std::vector<double> sums = ranks_.sum({loss, nll, double(all_tokens)});
    loss = sums[0];
    nll = sums[1];
    all_tokens = static_cast<int64_t>(sums[2]);
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

void TrainingRun::report_steps() {
    if (pending_.steps == 0) return;
    const double now = elapsed();
    if (ranks_.is_rank0()) {  // the others report nothing
        StepReport r;
        r.step = position_.step;
        r.epoch = position_.epoch;
        r.epoch_progress =
            steps_per_epoch_ > 0
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
