#include "core/train/divergence_watch.h"

#include <cmath>

namespace tfw {

DivergenceWatch::DivergenceWatch(double uniform_loss) : limit_(uniform_loss + kMarginNats) {}

bool DivergenceWatch::observe(int64_t step, double loss) {
    if (diverged()) return true;
    if (!std::isfinite(loss)) {
        non_finite_ = true;
    } else if (loss > limit_) {
        if (++above_ < kStepsAboveLimit) return false;
    } else {
        above_ = 0;
        return false;
    }
    step_ = step;
    loss_ = loss;
    return true;
}

}  // namespace tfw
