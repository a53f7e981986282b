// The loop over epochs and steps, and the five ways a run ends: its step, token or time limit
// (or its epochs), a stop asked for, early stopping, and divergence.
#include <thread>

#include "core/train/run_clock.h"
#include "core/train/run_messages.h"
#include "core/train/training_run.h"
#include "core/train/validation_score.h"

namespace tfw {

TrainingFinished TrainingRun::loop() {
    const TrainConfig& t = config_.train;
    pending_.since = elapsed();
    if (position_.step == 0) snapshot_attention_maps();  // the untrained model, for contrast
    for (; position_.epoch <= t.epochs; ++position_.epoch, position_.batch_in_epoch = 0) {
        const auto batches =
            make_batches(data_.train.examples, t.batch_tokens, true, static_cast<uint64_t>(t.seed),
                         position_.epoch, batch_shape_multiple(t, device_));
        while (position_.batch_in_epoch < static_cast<int64_t>(batches.size())) {
            // Checked before training, so a resumed run that had reached it trains no more.
            if (t.max_steps > 0 && position_.step >= t.max_steps)
                return finish(FinishReason::Completed, "completed", reached_max_steps(t.max_steps));
            if (t.max_tokens > 0 && position_.tokens_seen >= t.max_tokens)
                return finish(FinishReason::Completed, "completed",
                              reached_max_tokens(t.max_tokens));
            StepAgreement agreed = agree();
            if (agreed.time_up)
                return finish(FinishReason::Completed, "completed",
                              reached_max_minutes(t.max_minutes));
            if (agreed.stop || !wait_while_paused(agreed))
                return finish(FinishReason::Stopped, "stopped", stopped_at(position_.step));
            budget_used_ = agreed.budget_used;
            const size_t first = static_cast<size_t>(position_.batch_in_epoch);
            const size_t count = std::min<size_t>(t.accumulate, batches.size() - first);
            const bool stepped = train_step(batches, first, count);
            position_.batch_in_epoch += static_cast<int64_t>(count);
            // Validations report the steps before them, so that divergence ends a run before
            // a diverged model is validated.
            if (stepped && (position_.step % t.log_every == 0 ||
                            (t.valid_every > 0 && position_.step % t.valid_every == 0)))
                report_steps();
            if (auto ended = end_if_diverged()) return *ended;
            if (!stepped) continue;
            if (t.snapshot_every > 0 && position_.step % t.snapshot_every == 0)
                snapshot_attention_maps();
            if (t.valid_every > 0 && position_.step % t.valid_every == 0) {
                validate_and_save();
                if (out_of_patience()) return finish_early();
            } else if (t.save_every > 0 && position_.step % t.save_every == 0) {
                save(false);
            }
        }
        // A run resumed from this epoch's end-of-epoch checkpoint has validated it already.
        if (t.valid_every == 0 && position_.validated_step != position_.step) {
            report_steps();
            if (auto ended = end_if_diverged()) return *ended;
            validate_and_save();
            if (out_of_patience()) return finish_early();
        }
    }
    return finish(FinishReason::Completed, "completed", finished_epochs(t.epochs));
}

ValidationReport TrainingRun::validate_and_save() {
    report_steps();
    const ValidationReport r = validate();
    previews_.show_samples(*model_, data_, config_, position_.step);
    if (config_.train.snapshot_every == 0) snapshot_attention_maps();
    save(r.is_best);
    write_status("running");
    return r;
}

bool TrainingRun::out_of_patience() const {
    return config_.train.patience > 0 && position_.bad_validations >= config_.train.patience;
}

TrainingFinished TrainingRun::finish_early() {
    const MetricInfo* metric = validation_metric(config_.train.valid_metric);
    return finish(
        FinishReason::EarlyStopped, "early_stopped",
        stopped_early(metric ? metric->name : "", config_.train.patience, position_.best_step));
}

std::optional<TrainingFinished> TrainingRun::end_if_diverged() {
    if (!halted_ && (!divergence_.diverged() || divergence_told_)) return std::nullopt;
    divergence_told_ = true;
    const Phrase message = divergence_message(config_, precision_, divergence_);
    if (halted_ || divergence_.non_finite() || config_.train.stop_on_divergence)
        return finish(FinishReason::Diverged, "diverged", message);
    log(LogLevel::Warning, message.text() + " Training goes on (train.stop_on_divergence is off).");
    return std::nullopt;
}

TrainingFinished TrainingRun::finish(FinishReason reason, std::string state, Phrase message) {
    control_.finishing = true;
    report_steps();  // first: reading the last steps back can reveal a divergence
    // A run that trained on after diverging (train.stop_on_divergence false) is no success.
    if (divergence_.diverged() &&
        (reason == FinishReason::Completed || reason == FinishReason::EarlyStopped)) {
        reason = FinishReason::Diverged;
        state = "diverged";
        message.then(diverged_on_the_way(divergence_.step()));
    }
    if (reason != FinishReason::Stopped && position_.validated_step != position_.step &&
        position_.step > 0) {
        validate();
        previews_.show_samples(*model_, data_, config_, position_.step);
    }
    snapshot_attention_maps();  // the latest state, whatever the interval
    save(position_.best_step == position_.step, /*final=*/true);
    if (const std::string cost = previews_.snapshot_cost(steady_seconds() - session_start_);
        !cost.empty())
        log(LogLevel::Info, cost);
    log(reason == FinishReason::Diverged ? LogLevel::Error : LogLevel::Info, message.text());
    write_status(state, message);
    TrainingFinished finished;
    finished.reason = reason;
    finished.message = message.text();
    finished.step = position_.step;
    return finished;
}

void TrainingRun::snapshot_attention_maps() {
    previews_.snapshot_attention_maps(*model_, data_, config_, run_dir_, position_.step);
}

StepAgreement TrainingRun::agree() {
    const double budget_s = 60 * config_.train.max_minutes;
    StepAgreement mine;
    mine.stop = control_.stop.load();
    mine.pause = control_.pause.load();
    mine.budget_used = budget_s > 0 ? elapsed() / budget_s : 0.0;
    mine.time_up = budget_s > 0 && mine.budget_used >= 1;
    return ranks_.agree(mine, position_.dropout_seed);
}

bool TrainingRun::wait_while_paused(StepAgreement& agreement) {
    if (!agreement.pause) return true;
    // The steps since the last report first, so that the charts and the progress bar show the
    // step the log says the run paused at.
    report_steps();
    write_status("paused");
    log(LogLevel::Info, "paused at step " + std::to_string(position_.step));
    const double paused_at = steady_seconds();
    while (agreement.pause && !agreement.stop) {
        std::this_thread::sleep_for(ranks_.pause_poll_interval());
        agreement = agree();
    }
    paused_s_ += steady_seconds() - paused_at;
    if (agreement.stop) return false;
    log(LogLevel::Info, "resumed");
    write_status("running");
    return true;
}

}  // namespace tfw
