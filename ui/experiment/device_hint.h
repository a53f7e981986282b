#pragma once
// The line under train.device in the experiment form: what the choices mean on this machine
// (the GPU that cuda and auto would use, or why there is none).

#include <QString>

#include <vector>

#include "core/device/gpu_devices.h"

namespace tfw {

// "cuda — NVIDIA H100 80GB HBM3, 79.1 GiB; auto uses it" or
// "cuda — no GPU found (CPU-only LibTorch); auto uses the CPU".
QString deviceHint(const std::vector<GpuInfo>& gpus, bool cudaBuilt);

}  // namespace tfw
