#include "core/check/gradient_norm_check.h"

#include <ATen/ATen.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "core/check/check_format.h"

namespace tfw {

namespace {

// Parts whose norm is this many times below or above the median part fail. At initialisation
// the parts of a sane model lie within a factor of about 30 of each other (embeddings lowest).
constexpr double kFailRatio = 1000;
constexpr double kWarnRatio = 100;

// "decoder_layers.1.self_attention.in_proj.weight" -> "decoder layer 2".
std::string part_of(const std::string& name) {
    const size_t dot = name.find('.');
    const std::string head = name.substr(0, dot);
    for (const char* stack : {"encoder", "decoder"}) {
        if (head == std::string(stack) + "_layers") {
            const size_t next = name.find('.', dot + 1);
            return std::string(stack) + " layer " +
                   std::to_string(std::stoi(name.substr(dot + 1, next - dot - 1)) + 1);
        }
    }
    if (head == "tgt_embedding") return "target embedding";
    if (head == "src_embedding") return "source embedding";
    if (head == "tgt_positions") return "target positions";
    if (head == "src_positions") return "source positions";
    if (head == "encoder_norm") return "encoder final norm";
    if (head == "decoder_norm") return "decoder final norm";
    if (head == "output") return "output projection";
    return head;
}

}  // namespace

std::vector<std::pair<std::string, double>> gradient_norms_by_part(TransformerModelImpl& model) {
    std::vector<std::pair<std::string, double>> parts;
    std::map<std::string, size_t> index;
    for (const auto& item : model.named_parameters()) {
        const std::string part = part_of(item.key());
        if (!index.count(part)) {
            index[part] = parts.size();
            parts.push_back({part, 0.0});
        }
        const at::Tensor& grad = item.value().grad();
        if (grad.defined()) {
            const double norm = grad.to(at::kFloat).norm().item<double>();
            parts[index[part]].second += norm * norm;
        }
    }
    for (auto& part : parts) part.second = std::sqrt(part.second);
    return parts;
}

CheckResult check_gradient_norms(TransformerModelImpl& model, const BatchTensors& batch) {
    CheckResult r;
    r.id = "gradient_norms";
    r.title = TFW_TR_NOOP("Check", "Gradient norms per layer");
    model.zero_grad();
    const bool training = model.is_training();
    model.eval();  // no dropout: the same norms every time
    mean_token_nll(model, batch).backward();
    model.train(training);
    const auto parts = gradient_norms_by_part(model);
    model.zero_grad();

    std::vector<double> finite;
    std::string non_finite;
    for (const auto& [part, norm] : parts) {
        r.details.push_back({verbatim(part), verbatim(format_figure(norm))});
        if (std::isfinite(norm))
            finite.push_back(norm);
        else
            non_finite += (non_finite.empty() ? "" : ", ") + part;
    }
    std::sort(finite.begin(), finite.end());
    const double median = finite.empty() ? 0.0 : finite[finite.size() / 2];
    // The parts furthest below and above the median, with their ratio (>= 1).
    std::pair<std::string, double> below{"", 1.0}, above{"", 1.0};
    for (const auto& [part, norm] : parts) {
        if (!std::isfinite(norm) || median <= 0) continue;
        if (norm <= 0 || median / norm > below.second)
            below = {part, norm > 0 ? median / norm : INFINITY};
        else if (norm / median > above.second)
            above = {part, norm / median};
    }
    const double lowest = finite.empty() ? 0.0 : finite.front();
    const double highest = finite.empty() ? 0.0 : finite.back();
    r.figure = check_text(TFW_TR_NOOP("Check", "median %1, range %2 .. %3"),
                          {format_figure(median), format_figure(lowest), format_figure(highest)});
    r.details.push_back(
        {check_text(TFW_TR_NOOP("Check", "rule")),
         check_text(TFW_TR_NOOP("Check", "fail: not finite, or %1x from the median; warn: %2x"),
                    {format_figure(kFailRatio), format_figure(kWarnRatio)})});
    r.explanation = check_text(
        TFW_TR_NOOP("Check",
                    "One backward pass on a training batch; the L2 norm of the gradient of each "
                    "part of the model, compared with the median part."));
    if (!non_finite.empty()) {
        r.status = CheckStatus::Fail;
        r.figure = check_text(TFW_TR_NOOP("Check", "not finite in %1"), {non_finite});
        r.explanation.then(
            check_text(TFW_TR_NOOP("Check",
                                   " Some gradients are NaN or infinite: the loss overflowed "
                                   "(weights or learning rate far too large, fp16 without loss "
                                   "scaling, log of zero).")));
    } else if (median <= 0) {
        r.status = CheckStatus::Fail;
        r.explanation.then(check_text(
            TFW_TR_NOOP("Check",
                        " No gradient reaches the model: the loss does not depend on the "
                        "parameters (detached tensors, or every target is padding).")));
    } else if (std::max(below.second, above.second) >= kWarnRatio) {
        r.status = std::max(below.second, above.second) >= kFailRatio ? CheckStatus::Fail
                                                                      : CheckStatus::Warn;
        if (below.second >= kWarnRatio) {
            r.figure.then(check_text(TFW_TR_NOOP("Check", "; %1 %2x below"),
                                     {below.first, format_figure(below.second)}));
            r.explanation.then(check_text(
                TFW_TR_NOOP("Check",
                            " A part gets almost no gradient (vanishing): it will barely learn. "
                            "Usually a deep post-LN stack, a layer cut off from the loss, or "
                            "weights far too small (or others far too large).")));
        }
        if (above.second >= kWarnRatio) {
            r.figure.then(check_text(TFW_TR_NOOP("Check", "; %1 %2x above"),
                                     {above.first, format_figure(above.second)}));
            r.explanation.then(check_text(
                TFW_TR_NOOP("Check",
                            " A part gets far more gradient than the rest (exploding): training "
                            "will be unstable. Usually weights initialised far too large, a "
                            "missing normalisation, or post-LN without warm-up.")));
        }
    } else {
        r.status = CheckStatus::Pass;
        r.explanation.then(check_text(TFW_TR_NOOP("Check",
                                                  " Every part is within %1x of the median: "
                                                  "gradients reach all layers at a similar scale."),
                                      {format_figure(kWarnRatio)}));
    }
    return r;
}

}  // namespace tfw
