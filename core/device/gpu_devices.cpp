#include "core/device/gpu_devices.h"

#include <cstdio>

// TFW_WITH_CUDA is set for this file only, and only when the LibTorch built against has CUDA:
// the CUDA headers exist only there.
#ifdef TFW_WITH_CUDA
#include <ATen/cuda/CUDAContext.h>
#include <torch/cuda.h>
#endif

namespace tfw {

namespace {

std::string gibibytes(int64_t bytes) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f GiB", static_cast<double>(bytes) / (1 << 30));
    return text;
}

}  // namespace

std::vector<GpuInfo> list_gpus() {
    std::vector<GpuInfo> gpus;
#ifdef TFW_WITH_CUDA
    if (!torch::cuda::is_available()) return gpus;
    const int count = static_cast<int>(torch::cuda::device_count());
    for (int i = 0; i < count; ++i) {
        const cudaDeviceProp* properties =
            at::cuda::getDeviceProperties(static_cast<c10::DeviceIndex>(i));
        gpus.push_back({i, properties->name, static_cast<int64_t>(properties->totalGlobalMem),
                        properties->major >= 8});
    }
#endif
    return gpus;
}

std::string describe_gpu(const GpuInfo& gpu) {
    return "cuda:" + std::to_string(gpu.index) + " " + gpu.name + ", " +
           gibibytes(gpu.total_memory);
}

std::string cuda_choice_summary(const std::vector<GpuInfo>& gpus, bool cuda_built) {
    if (gpus.empty())
        return cuda_built ? "cuda — no GPU visible" : "cuda — no GPU found (CPU-only LibTorch)";
    // choose_device() always takes the first one.
    std::string text = "cuda — " + gpus[0].name + ", " + gibibytes(gpus[0].total_memory);
    if (gpus.size() > 1) text += " (the first of " + std::to_string(gpus.size()) + " GPUs)";
    return text;
}

}  // namespace tfw
