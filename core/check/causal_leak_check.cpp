#include "core/check/causal_leak_check.h"

#include <ATen/ATen.h>
#include <torch/csrc/autograd/grad_mode.h>

#include <algorithm>

#include "core/check/check_format.h"
#include "core/data/tokenizer.h"

namespace tfw {

namespace {

// Earlier positions must not change at all; this allows for nothing but float rounding.
constexpr double kLeakTolerance = 1e-4;

}  // namespace

CheckResult check_causal_leak(TransformerModelImpl& model, const BatchTensors& sample) {
    CheckResult r;
    r.id = "causal_leak";
    r.title = TFW_TR_NOOP("Check", "No peeking at future tokens");
    const int64_t length =
        sample.tgt_in.defined() ? sample.tgt_in[0].ne(kPadId).sum().item<int64_t>() : 0;
    if (length < 2) {
        r.figure = check_text(TFW_TR_NOOP("Check", "no example with two target tokens"));
        r.explanation = check_text(
            TFW_TR_NOOP("Check", "Skipped: a leak shows only in a target of at least two tokens."));
        return r;
    }
    torch::NoGradGuard no_grad;
    const bool training = model.is_training();
    model.eval();
    const at::Tensor src = sample.src.defined() ? sample.src.narrow(0, 0, 1) : at::Tensor();
    const at::Tensor tgt = sample.tgt_in.narrow(0, 0, 1).narrow(1, 0, length).clone();
    const at::Tensor before = model.forward(src, tgt).to(at::kFloat);
    const int64_t vocab = model.options().tgt_vocab;
    // The first, a middle and the last position are changed in turn, each to another token.
    double worst = 0;
    int64_t worst_position = 1;
    for (const int64_t position : {int64_t{1}, length / 2, length - 1}) {
        at::Tensor changed = tgt.clone();
        const int64_t token = changed[0][position].item<int64_t>();
        changed[0][position] = kEosId + 1 + (token - kEosId) % std::max<int64_t>(1, vocab - 4);
        const at::Tensor after = model.forward(src, changed).to(at::kFloat);
        const double change = (after.narrow(1, 0, position) - before.narrow(1, 0, position))
                                  .abs()
                                  .max()
                                  .item<double>();
        r.details.push_back(
            {check_text(TFW_TR_NOOP("Check", "token %1 changed"), {std::to_string(position + 1)}),
             check_text(TFW_TR_NOOP("Check", "max change before it %1"), {format_figure(change)})});
        if (change >= worst) worst = change, worst_position = position;
    }
    model.train(training);
    r.figure = check_text(TFW_TR_NOOP("Check", "max change %1 (before position %2)"),
                          {format_figure(worst), std::to_string(worst_position + 1)});
    if (worst <= kLeakTolerance) {
        r.status = CheckStatus::Pass;
        r.explanation = check_text(TFW_TR_NOOP(
            "Check",
            "Changing a later target token left the logits of every earlier position unchanged: "
            "the decoder predicts each token from the ones before it only."));
    } else {
        r.status = CheckStatus::Fail;
        r.explanation = check_text(TFW_TR_NOOP(
            "Check",
            "Changing a later target token changed the predictions for earlier positions: the "
            "decoder sees future tokens, so in training it can copy the answer. Its training and "
            "validation loss look unrealistically good, yet generation (which has no future to "
            "see) fails. Usually a missing or wrong causal mask (model.causal, or a mask built "
            "for the wrong length or orientation)."));
    }
    return r;
}

}  // namespace tfw
