#pragma once
// Dynamic loss scaling for fp16 training: the loss is multiplied by a large scale so small
// gradients survive in half precision; a step whose scaled gradients overflowed is skipped
// and the scale halved, and after every kGrowthInterval good steps in a row it doubles.

#include <ATen/core/Tensor.h>

#include <cstdint>
#include <vector>

#include "core/io/checkpoint.h"

namespace tfw {

class LossScaler {
  public:
    static constexpr int64_t kGrowthInterval = 2000;

    // A checkpoint's state; the default starts at the initial scale.
    explicit LossScaler(LossScaleState state = {});

    double scale() const { return state_.scale; }
    const LossScaleState& state() const { return state_; }

    // After backward of the scaled loss: on overflow (an infinite or NaN gradient) halves the
    // scale and returns false, the step is to be skipped; otherwise divides the gradients by
    // the scale, counts a good step and returns true.
    bool unscale(const std::vector<at::Tensor>& parameters);

  private:
    LossScaleState state_;
};

}  // namespace tfw
