#include "core/device/device.h"

#include <ATen/Parallel.h>
#include <torch/cuda.h>
#include <torch/version.h>

#include "core/config/config_error.h"
#include "core/device/build_versions.h"
#include "core/device/gpu_devices.h"

namespace tfw {

namespace {

// Says why cuda cannot be used, so that a run stops before training with the cause.
std::string cuda_unavailable_message() {
    const std::string cuda = compiled_cuda_version();
    if (cuda.empty())
        return "train.device (cuda): this build's LibTorch " TORCH_VERSION
               " has no CUDA; build against PyTorch 2.x with CUDA (README, \"On a GPU "
               "machine\") or use auto or cpu";
    return "train.device (cuda): LibTorch " TORCH_VERSION " with CUDA " + cuda +
           " finds no usable GPU (none installed, or the NVIDIA driver is missing or older "
           "than CUDA " +
           cuda + " needs); use auto or cpu";
}

}  // namespace

at::Device choose_device(DevicePref preference) {
    const bool cuda = torch::cuda::is_available();
    if (preference == DevicePref::Cuda && !cuda) throw ConfigError(cuda_unavailable_message());
    if (preference != DevicePref::Cpu && cuda) return at::Device(at::kCUDA, 0);
    return at::Device(at::kCPU);
}

DevicePref parse_device(const std::string& name) {
    if (name == "auto") return DevicePref::Auto;
    if (name == "cpu") return DevicePref::Cpu;
    if (name == "cuda") return DevicePref::Cuda;
    throw ConfigError("device (\"" + name + "\") must be one of auto | cpu | cuda");
}

std::string describe_cpu(int threads) {
    return "cpu (" + std::to_string(threads) + (threads == 1 ? " thread)" : " threads)");
}

std::string describe_device(const at::Device& device) {
    if (device.is_cpu()) return describe_cpu(at::get_num_threads());
    for (const GpuInfo& gpu : list_gpus())
        if (device.is_cuda() && gpu.index == device.index()) return device.str() + " " + gpu.name;
    return device.str();
}

}  // namespace tfw
