#include "core/history/step_quantities.h"

#include "core/config/translatable.h"

namespace tfw {

const std::vector<StepQuantity>& step_quantities() {
    static const std::vector<StepQuantity> quantities = {
        {"loss", &StepReport::train_loss},
        {"nll", &StepReport::train_nll},
        {"lr", &StepReport::lr, TFW_TR_NOOP("StepQuantity", "Learning rate"), "",
         TFW_TR_NOOP("StepQuantity", "lr"), true},
        {"grad_norm", &StepReport::grad_norm,
         TFW_TR_NOOP("StepQuantity", "Gradient norm (before clipping)"), "",
         TFW_TR_NOOP("StepQuantity", "grad norm")},
        {"tokens_per_s", &StepReport::tokens_per_s, TFW_TR_NOOP("StepQuantity", "Throughput"),
         TFW_TR_NOOP("StepQuantity", "tokens / s"), TFW_TR_NOOP("StepQuantity", "tokens/s")},
    };
    return quantities;
}

}  // namespace tfw
