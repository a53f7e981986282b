#include "core/check/precision_check.h"

#include "core/check/check_format.h"
#include "core/device/precision_choice.h"

namespace tfw {

CheckResult judge_precision(Precision requested, bool cuda, bool native_bf16,
                            double bf16_slowdown) {
    const PrecisionChoice choice = choose_precision(requested, cuda, native_bf16);
    CheckResult r;
    r.id = "precision";
    r.title = TFW_TR_NOOP("Check", "Precision suits the device");
    r.figure = verbatim(describe_precision(choice));
    r.details = {{TFW_TR_NOOP("Check", "train.precision"), precision_name(requested)},
                 {TFW_TR_NOOP("Check", "computes in"), precision_name(choice.precision)},
                 {TFW_TR_NOOP("Check", "native bf16"), native_bf16 ? "yes" : "no"}};
    r.status = CheckStatus::Pass;
    if (choice.precision != Precision::Bf16 || native_bf16) {
        r.explanation = check_text(TFW_TR_NOOP(
            "Check",
            "Matrix products run in a precision this device computes natively (auto takes bf16 "
            "only where the hardware has it: GPUs from Ampere on, CPUs with AVX-512 BF16 or "
            "AMX)."));
        return r;
    }
    r.status = CheckStatus::Warn;
    r.details.push_back(
        {TFW_TR_NOOP("Check", "bf16 product time / fp32"), format_figure(bf16_slowdown, 3)});
    r.figure = check_text(TFW_TR_NOOP("Check", "bf16 %1× slower than fp32 here"),
                          {format_figure(bf16_slowdown, 3)});
    r.explanation =
        cuda
            ? check_text(
                  TFW_TR_NOOP(
                      "Check",
                      "This GPU has no native bf16 (compute capability below 8.0): bf16 products "
                      "measured %1× the time of fp32 ones. Use train.precision auto (fp32 here) or "
                      "fp16."),
                  {format_figure(bf16_slowdown, 3)})
            : check_text(TFW_TR_NOOP("Check",
                                     "This CPU has no native bf16 (AVX-512 BF16 or AMX), so "
                                     "every bf16 product is converted element by element: "
                                     "measured %1× the time of an fp32 product of this "
                                     "model's width. Use train.precision auto (fp32 here) or "
                                     "fp32."),
                         {format_figure(bf16_slowdown, 3)});
    return r;
}

CheckResult check_precision(const ExperimentConfig& config, const at::Device& device) {
    const bool native = runs_bf16_natively(device);
    const bool explicit_bf16 = config.train.precision == Precision::Bf16;
    const double slowdown =
        explicit_bf16 && !native
            ? measured_bf16_slowdown(config.model.d_model, config.model.ffn_dim, device)
            : 0.0;
    return judge_precision(config.train.precision, device.is_cuda(), native, slowdown);
}

}  // namespace tfw
