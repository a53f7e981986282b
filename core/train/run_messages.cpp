#include "core/train/run_messages.h"

#include <algorithm>
#include <cmath>
#include <new>
#include <sstream>

#include "core/config/translatable.h"
#include "core/distributed/process_group.h"
#include "core/io/run_directory.h"
#include "core/util/error_text.h"

namespace tfw {

std::string format_number(double value) {
    std::ostringstream out;
    out << value;
    return out.str();
}

Phrase reached_max_steps(int64_t max_steps) {
    return run_status_text(TFW_TR_NOOP("RunStatus", "finished: reached train.max_steps (%1)"),
                           {std::to_string(max_steps)});
}

Phrase reached_max_tokens(int64_t max_tokens) {
    return run_status_text(
        TFW_TR_NOOP("RunStatus", "finished: reached train.max_tokens (%1 target tokens)"),
        {std::to_string(max_tokens)});
}

Phrase reached_max_minutes(double max_minutes) {
    return run_status_text(TFW_TR_NOOP("RunStatus", "finished: reached train.max_minutes (%1)"),
                           {format_number(max_minutes)});
}

Phrase stopped_at(int64_t step) {
    return run_status_text(TFW_TR_NOOP("RunStatus", "stopped at step %1; resume to continue"),
                           {std::to_string(step)});
}

Phrase finished_epochs(int epochs) {
    return run_status_text(TFW_TR_NOOP("RunStatus", "finished: %1 epochs"),
                           {std::to_string(epochs)});
}

Phrase stopped_early(const std::string& metric_name, int patience, int64_t best_step) {
    const std::string validations = std::to_string(patience), best = std::to_string(best_step);
    if (metric_name.empty())
        return run_status_text(TFW_TR_NOOP("RunStatus",
                                           "stopped early: validation loss has not improved for "
                                           "%1 validations (best at step %2)"),
                               {validations, best});
    return run_status_text(TFW_TR_NOOP("RunStatus",
                                       "stopped early: validation %1 has not improved for %2 "
                                       "validations (best at step %3)"),
                           {metric_name, validations, best});
}

Phrase diverged_on_the_way(int64_t step) {
    return run_status_text(
        TFW_TR_NOOP("RunStatus",
                    " Its loss diverged at step %1 (train.stop_on_divergence is off)."),
        {std::to_string(step)});
}

Phrase divergence_message(const ExperimentConfig& config, const PrecisionChoice& precision,
                          const DivergenceWatch& divergence) {
    const TrainConfig& t = config.train;
    const std::string step = std::to_string(divergence.step());
    Phrase advice = run_status_text(
        TFW_TR_NOOP("RunStatus",
                    " Try a lower train.lr (now %1), more train.warmup_steps (now %2)"),
        {format_number(t.lr), std::to_string(t.warmup_steps)});
    if (t.clip_norm <= 0 || t.clip_norm > 1)
        advice.then(run_status_text(TFW_TR_NOOP("RunStatus", ", train.clip_norm 1.0 (now %1)"),
                                    {format_number(t.clip_norm)}));
    if (config.model.norm == NormPlacement::Post)
        advice.then(run_status_text(TFW_TR_NOOP("RunStatus", ", model.norm pre (now post)")));
    if (precision.precision != Precision::Fp32)
        advice.then(run_status_text(TFW_TR_NOOP("RunStatus", ", train.precision fp32 (now %1)"),
                                    {precision_name(precision.precision)}));
    advice.then(run_status_text(TFW_TR_NOOP("RunStatus", ".")));
    if (divergence.non_finite())
        return run_status_text(TFW_TR_NOOP("RunStatus", "diverged: the loss became %1 at step %2."),
                               {std::isnan(divergence.loss()) ? "NaN" : "infinite", step})
            .then(advice);
    return run_status_text(TFW_TR_NOOP("RunStatus",
                                       "diverged at step %1: the training loss reached %2 nats "
                                       "per token, where a uniform guess scores %3."),
                           {step, format_number(divergence.loss()),
                            format_number(divergence.limit() - DivergenceWatch::kMarginNats)})
        .then(advice);
}

std::string failure_message(const std::exception& error, int64_t step,
                            const ExperimentConfig& config, bool gpu,
                            const PrecisionChoice& precision, int world_size,
                            const std::string& run_dir) {
    std::string message = user_error_text(error);
    if (message.find("out of memory") != std::string::npos ||
        dynamic_cast<const std::bad_alloc*>(&error)) {
        // Half the batch, twice the accumulation: the same effective batch in half the memory.
        const int half = std::max(1, config.train.batch_tokens / 2);
        message = "out of memory at step " + std::to_string(step) + " (train.batch_tokens " +
                  std::to_string(config.train.batch_tokens) + "). Try train.batch_tokens " +
                  std::to_string(half) + " with train.accumulate " +
                  std::to_string(2 * config.train.accumulate) +
                  ": the same effective batch in about half the memory. " +
                  out_of_memory_advice(gpu, precision.native_bf16,
                                       precision.precision != Precision::Fp32);
    }
    if (dynamic_cast<const DistributedError*>(&error))
        message += ". The run stops; its last checkpoint is intact: `tfw launch --nproc " +
                   std::to_string(world_size) + " resume " + run_dir + "` continues it";
    return message;
}

std::string world_size_mismatch(const std::string& run_dir, int trained_by, int world_size) {
    const int n = trained_by;
    return run_dir + " was trained by " + std::to_string(n) + (n == 1 ? " process" : " processes") +
           " and this is " + std::to_string(world_size) + ": resume it with " +
           (n == 1 ? "`tfw resume " + run_dir + "`"
                   : "`tfw launch --nproc " + std::to_string(n) + " resume " + run_dir + "`") +
           ". The rows of a batch each process takes and the dropout masks it draws depend on the "
           "number of processes, so another number would not continue the same run.";
}

}  // namespace tfw
