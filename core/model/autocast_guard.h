#pragma once
// Autocast for the lifetime of a guard when a precision asks for it: bf16/fp16 matrix products
// with fp32 weights, on the CPU or a GPU. The training step and evaluate_batch share it.

#include <ATen/core/Tensor.h>

#include "core/config/experiment_config.h"

namespace tfw {

class AutocastGuard {
  public:
    AutocastGuard(Precision precision, const at::Device& device);
    ~AutocastGuard();
    AutocastGuard(const AutocastGuard&) = delete;
    AutocastGuard& operator=(const AutocastGuard&) = delete;

  private:
    at::DeviceType type_;
    bool active_ = false, previous_ = false;
};

}  // namespace tfw
