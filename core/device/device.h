#pragma once
#include <ATen/core/Tensor.h>

#include <string>

#include "core/config/experiment_config.h"

namespace tfw {

// auto: the first CUDA GPU when there is one, else the CPU. Throws ConfigError when cuda
// is asked for and none is available.
at::Device choose_device(DevicePref preference);
DevicePref parse_device(const std::string& name);  // "auto" | "cpu" | "cuda"
// "cpu (2 threads)" or "cuda:0 NVIDIA H200".
std::string describe_device(const at::Device& device);
// "cpu (1 thread)", "cpu (2 threads)".
std::string describe_cpu(int threads);

}  // namespace tfw
