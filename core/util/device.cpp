#include "core/util/device.h"

#include <ATen/Parallel.h>
#include <torch/cuda.h>

#include "core/config/config_error.h"

namespace tfw {

at::Device choose_device(DevicePref preference) {
    const bool cuda = torch::cuda::is_available();
    if (preference == DevicePref::Cuda && !cuda)
        throw ConfigError("train.device (cuda): no CUDA GPU is available; use auto or cpu");
    if (preference != DevicePref::Cpu && cuda) return at::Device(at::kCUDA, 0);
    return at::Device(at::kCPU);
}

DevicePref parse_device(const std::string& name) {
    if (name == "auto") return DevicePref::Auto;
    if (name == "cpu") return DevicePref::Cpu;
    if (name == "cuda") return DevicePref::Cuda;
    throw ConfigError("device (\"" + name + "\") must be one of auto | cpu | cuda");
}

std::string describe_device(const at::Device& device) {
    if (device.is_cpu()) return "cpu (" + std::to_string(at::get_num_threads()) + " threads)";
    return device.str();
}

}  // namespace tfw
