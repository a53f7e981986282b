#include "core/check/initial_loss_check.h"

#include <ATen/ATen.h>
#include <torch/csrc/autograd/grad_mode.h>

#include <cmath>

#include "core/check/check_format.h"

namespace tfw {

namespace {

// A uniform guess scores exactly ln(V). Xavier-initialised logits have a spread of about
// sqrt(2 d / (V + d)), which costs about half its square more: +0.9 nats for the demo (d 128,
// V 34), a few hundredths for subword vocabularies. Weights scaled 10x cost tens of nats.
constexpr double kToleranceNats = 1.5;

}  // namespace

CheckResult check_initial_loss(TransformerModelImpl& model,
                               const std::vector<CheckBatch>& batches) {
    CheckResult r;
    r.id = "initial_loss";
    r.title = "Initial loss is about ln(vocabulary)";
    const double expected = std::log(static_cast<double>(model.options().tgt_vocab));
    if (batches.empty()) {
        r.figure = "no training batches";
        r.explanation = "Skipped: the training split has no examples to score.";
        return r;
    }
    torch::NoGradGuard no_grad;
    const bool training = model.is_training();
    model.eval();
    double sum = 0;
    for (const CheckBatch& batch : batches) sum += mean_token_nll(model, batch).item<double>();
    model.train(training);
    const double loss = sum / static_cast<double>(batches.size());
    const double excess = loss - expected;
    r.figure = "loss " + format_figure(loss) + " vs ln(" +
               std::to_string(model.options().tgt_vocab) + ") = " + format_figure(expected);
    r.details = {{"initial loss (nats per token)", format_figure(loss, 5)},
                 {"ln(target vocabulary)", format_figure(expected, 5)},
                 {"difference", format_figure(excess, 3)},
                 {"tolerance", format_figure(kToleranceNats)},
                 {"batches", std::to_string(batches.size())}};
    if (std::isfinite(loss) && std::abs(excess) <= kToleranceNats) {
        r.status = CheckStatus::Pass;
        r.explanation =
            "The untrained model's loss on a few training batches is within " +
            format_figure(kToleranceNats) +
            " nats of ln(vocabulary), the loss of a uniform guess: it starts unsure of every "
            "token, as it should.";
    } else if (std::isfinite(loss) && excess < 0) {
        r.status = CheckStatus::Fail;
        r.explanation =
            "The untrained model is far better than a uniform guess. That usually means the "
            "target leaks into the input (a decoder that sees the token it predicts, or targets "
            "not shifted by one).";
    } else {
        r.status = CheckStatus::Fail;
        r.explanation =
            "The untrained model is confidently wrong: its logits are far too large. That "
            "usually means the weights are not initialised (or scaled too large), the "
            "embeddings are scaled twice, or the output projection is not normalised.";
    }
    return r;
}

}  // namespace tfw
