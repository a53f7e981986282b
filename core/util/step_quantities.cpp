#include "core/util/step_quantities.h"

namespace tfw {

const std::vector<StepQuantity>& step_quantities() {
    static const std::vector<StepQuantity> quantities = {
        {"loss", &StepReport::train_loss},
        {"nll", &StepReport::train_nll},
        {"lr", &StepReport::lr, "Learning rate", "", "lr", true},
        {"grad_norm", &StepReport::grad_norm, "Gradient norm (before clipping)", "", "grad norm"},
        {"tokens_per_s", &StepReport::tokens_per_s, "Throughput", "tokens / s", "tokens/s"},
    };
    return quantities;
}

}  // namespace tfw
