#pragma once
// The CUDA GPUs this process can use, and what the device choices (train.device) mean on
// this machine, for the window's experiment form and `tfw --version`.

#include <cstdint>
#include <string>
#include <vector>

namespace tfw {

struct GpuInfo {
    int index = 0;
    std::string name;          // "NVIDIA H100 80GB HBM3"
    int64_t total_memory = 0;  // bytes
    bool native_bf16 = false;  // compute capability 8.0 or newer: bf16 matrix products in hardware
};

// Empty with a CPU-only LibTorch, and with a CUDA one when no GPU is visible.
std::vector<GpuInfo> list_gpus();

// "cuda:0 NVIDIA H100 80GB HBM3, 79.1 GiB"
std::string describe_gpu(const GpuInfo& gpu);
// What choosing cuda means here, one line: "cuda — NVIDIA H100 80GB HBM3, 79.1 GiB" (the GPU
// that cuda and auto use), or why there is none: "cuda — no GPU found (CPU-only LibTorch)"
// when the build has no CUDA, "cuda — no GPU visible" when it has.
std::string cuda_choice_summary(const std::vector<GpuInfo>& gpus, bool cuda_built);

}  // namespace tfw
