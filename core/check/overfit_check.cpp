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

CheckResult check_overfit(TransformerModelImpl& model, const CheckBatch& batch,
                          const ExperimentConfig& config, int steps,
                          const std::atomic<bool>* cancel) {
    CheckResult r;
    r.id = "overfit_batch";
    r.title = "Overfits one small batch";
    if (!batch.tgt_in.defined() || steps < 1) {
        r.figure = steps < 1 ? "no steps" : "no training examples";
        r.explanation = "Skipped: there is nothing to overfit.";
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
    r.figure = "loss " + format_figure(first) + " -> " + format_figure(loss) + " after " +
               std::to_string(step) + " steps";
    r.details = {{"examples", std::to_string(examples)},
                 {"target tokens", std::to_string(batch.tgt_out.ne(0).sum().item<int64_t>())},
                 {"learning rate", format_figure(peak)},
                 {"first loss", format_figure(first, 5)},
                 {"loss reached", format_figure(loss, 5)},
                 {"steps", std::to_string(step) + " of " + std::to_string(steps)},
                 {"threshold", format_figure(kOverfitLossThreshold)}};
    const std::string what = "Trained on " + std::to_string(examples) +
                             " examples only, at learning rate " + format_figure(peak) +
                             ", until the loss fell below " + format_figure(kOverfitLossThreshold) +
                             " or " + std::to_string(steps) + " steps. ";
    if (std::isfinite(loss) && loss < kOverfitLossThreshold) {
        r.status = CheckStatus::Pass;
        r.explanation = what +
                        "The model memorised them: it can learn, and the loss, the "
                        "gradients and the optimizer are wired up.";
    } else if (cancel && cancel->load() && step < steps) {
        r.status = CheckStatus::Skipped;
        r.explanation = what + "Cancelled before it finished.";
    } else {
        r.status = CheckStatus::Fail;
        r.explanation =
            what + (!std::isfinite(loss)
                        ? "The loss became NaN or infinite: the learning rate is far too high "
                          "(or warm-up missing), or the model is numerically unstable."
                    : loss > 0.8 * first
                        ? "The loss barely moved: the learning rate is far too low, gradients "
                          "do not reach the weights, or the targets do not depend on the inputs."
                        : "The loss fell but not near zero: the learning rate may be too high "
                          "(it bounces) or too low (it crawls), or the model is too small; "
                          "more --overfit-steps tells which.");
    }
    return r;
}

}  // namespace tfw
