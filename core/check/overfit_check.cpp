#include "core/check/overfit_check.h"

#include <ATen/ATen.h>
#include <torch/nn/utils/clip_grad.h>
#include <torch/optim/adam.h>

#include <algorithm>
#include <cmath>
#include <tuple>

#include "core/check/check_format.h"

namespace tfw {

double overfit_learning_rate(const ExperimentConfig& config) {
    const TrainConfig& t = config.train;
    if (t.schedule != Schedule::Noam) return t.lr;
    // The Noam schedule peaks at the end of its warm-up.
    return t.noam_factor / std::sqrt(static_cast<double>(config.model.d_model)) /
           std::sqrt(static_cast<double>(std::max(1, t.warmup_steps)));
}

CheckResult check_overfit(TransformerModelImpl& model, const BatchTensors& batch,
                          const ExperimentConfig& config, int steps,
                          const std::atomic<bool>* cancel) {
    CheckResult r;
    r.id = "overfit_batch";
    r.title = TFW_TR_NOOP("Check", "Overfits one small batch");
    if (!batch.tgt_in.defined() || steps < 1) {
        r.figure = steps < 1 ? check_text(TFW_TR_NOOP("Check", "no steps"))
                             : check_text(TFW_TR_NOOP("Check", "no training examples"));
        r.explanation = check_text(TFW_TR_NOOP("Check", "Skipped: there is nothing to overfit."));
        return r;
    }
    const double peak = overfit_learning_rate(config);
    const TrainConfig& t = config.train;
    // Weight decay pulls against memorising, so it is left out here.
    torch::optim::Adam optimizer(
        model.parameters(),
        torch::optim::AdamOptions(peak).betas(std::make_tuple(t.betas[0], t.betas[1])).eps(t.eps));
    const int warmup = std::max(1, steps / 5);
    const bool training = model.is_training();
    model.eval();  // no dropout: memorising is the point
    double first = 0, loss = 0;
    int step = 0;
    while (step < steps) {
        if (cancel && cancel->load()) break;
        optimizer.zero_grad();
        const at::Tensor l = mean_token_nll(model, batch);
        loss = l.item<double>();
        if (step == 0) first = loss;
        if (!std::isfinite(loss) || loss < kOverfitLossThreshold) break;
        l.backward();
        if (t.clip_norm > 0) torch::nn::utils::clip_grad_norm_(model.parameters(), t.clip_norm);
        for (auto& group : optimizer.param_groups())
            group.options().set_lr(peak * std::min(1.0, double(step + 1) / warmup));
        optimizer.step();
        ++step;
    }
    if (step == steps) loss = mean_token_nll(model, batch).item<double>();
    model.zero_grad();
    model.train(training);

    const int64_t examples = batch.tgt_in.size(0);
    r.figure = check_text(TFW_TR_NOOP("Check", "loss %1 -> %2 after %3 steps"),
                          {format_figure(first), format_figure(loss), std::to_string(step)});
    r.details = {{TFW_TR_NOOP("Check", "examples"), std::to_string(examples)},
                 {TFW_TR_NOOP("Check", "target tokens"),
                  std::to_string(batch.tgt_out.ne(0).sum().item<int64_t>())},
                 {TFW_TR_NOOP("Check", "learning rate"), format_figure(peak)},
                 {TFW_TR_NOOP("Check", "first loss"), format_figure(first, 5)},
                 {TFW_TR_NOOP("Check", "loss reached"), format_figure(loss, 5)},
                 {check_text(TFW_TR_NOOP("Check", "steps")),
                  check_text(TFW_TR_NOOP("Check", "%1 of %2"),
                             {std::to_string(step), std::to_string(steps)})},
                 {TFW_TR_NOOP("Check", "threshold"), format_figure(kOverfitLossThreshold)}};
    // Every explanation starts with what was done: the examples, the learning rate, the
    // threshold and the step limit.
    const std::vector<std::string> what{std::to_string(examples), format_figure(peak),
                                        format_figure(kOverfitLossThreshold),
                                        std::to_string(steps)};
    if (std::isfinite(loss) && loss < kOverfitLossThreshold) {
        r.status = CheckStatus::Pass;
        r.explanation = check_text(
            TFW_TR_NOOP("Check",
                        "Trained on %1 examples only, at learning rate %2, until the loss fell "
                        "below %3 or %4 steps. The model memorised them: it can learn, and the "
                        "loss, the gradients and the optimizer are wired up."),
            what);
    } else if (cancel && cancel->load() && step < steps) {
        r.status = CheckStatus::Skipped;
        r.explanation = check_text(
            TFW_TR_NOOP("Check",
                        "Trained on %1 examples only, at learning rate %2, until the loss fell "
                        "below %3 or %4 steps. Cancelled before it finished."),
            what);
    } else if (!std::isfinite(loss)) {
        r.status = CheckStatus::Fail;
        r.explanation = check_text(
            TFW_TR_NOOP("Check",
                        "Trained on %1 examples only, at learning rate %2, until the loss fell "
                        "below %3 or %4 steps. The loss became NaN or infinite: the learning "
                        "rate is far too high (or warm-up missing), or the model is numerically "
                        "unstable."),
            what);
    } else if (loss > 0.8 * first) {
        r.status = CheckStatus::Fail;
        r.explanation = check_text(
            TFW_TR_NOOP("Check",
                        "Trained on %1 examples only, at learning rate %2, until the loss fell "
                        "below %3 or %4 steps. The loss barely moved: the learning rate is far "
                        "too low, gradients do not reach the weights, or the targets do not "
                        "depend on the inputs."),
            what);
    } else {
        r.status = CheckStatus::Fail;
        r.explanation = check_text(
            TFW_TR_NOOP("Check",
                        "Trained on %1 examples only, at learning rate %2, until the loss fell "
                        "below %3 or %4 steps. The loss fell but not near zero: the learning "
                        "rate may be too high (it bounces) or too low (it crawls), or the model "
                        "is too small; more --overfit-steps tells which."),
            what);
    }
    return r;
}

}  // namespace tfw
