#pragma once
// What follows a step's backward pass: gradient clipping and the Adam/AdamW update. With
// LibTorch 2.4 or later it is a handful of kernels (norms of all gradients at once, one scale,
// PyTorch's fused Adam) and reads nothing back to the host, so a GPU never waits for the host
// here; older LibTorch loops over the parameters with torch::optim, reading the norm back.
// Both keep their state in the torch::optim optimizer, so checkpoints are the same either way.

#include <ATen/core/Tensor.h>
#include <torch/optim/optimizer.h>

#include <unordered_map>
#include <vector>

#include "core/config/experiment_config.h"

namespace tfw {

class OptimizerStep {
  public:
    // optimizer: the one make_optimizer(train, ...) built, with any state a checkpoint loaded.
    OptimizerStep(torch::optim::Optimizer& optimizer, const TrainConfig& train);

    // Clips the gradients to train.clip_norm (when > 0) and updates every parameter that has a
    // gradient at learning rate lr, unless halt (a scalar on the parameters' device) is nonzero
    // or the gradients are not finite: then nothing changes, moments and step counts included.
    // Returns the gradients' global L2 norm before clipping, a scalar on the device.
    // device_lr, when given, is lr as a float scalar on the parameters' device, and the fused
    // kernels read it there: a CUDA graph that captured this step then replays with whatever
    // value it holds (LibTorch 2.4 or later and a GPU; otherwise lr is used).
    at::Tensor step(double lr, const at::Tensor& halt, const at::Tensor& device_lr = {});

    // Puts the step counts kept on the device back into the optimizer's state; call it before
    // that state is saved.
    void write_back_steps();

    // The moments and step counts step() keeps (empty before the first step and before 2.4).
    std::vector<at::Tensor> state_tensors() const;

    // True when step() runs the fused kernels (LibTorch 2.4 or later).
    static bool fused();

  private:
    struct ParamSlot {
        at::Tensor exp_avg, exp_avg_sq, step;  // step: float scalar on the parameter's device
    };
    ParamSlot& slot(const at::Tensor& parameter);

    torch::optim::Optimizer& optimizer_;
    TrainConfig train_;
    std::unordered_map<void*, ParamSlot> slots_;
};

// Global L2 norm of the gradients (a device scalar); scales them to max_norm when it is > 0
// and the norm exceeds it.
at::Tensor clip_gradients(const std::vector<at::Tensor>& gradients, double max_norm);

}  // namespace tfw
