#pragma once
// The line under train.precision in the experiment form: what auto means on this machine, so
// nobody picks bf16 on a CPU that would run it many times slower than fp32.

#include <QString>

#include <vector>

#include "core/device/cpu_features.h"
#include "core/device/gpu_devices.h"

namespace tfw {

// "auto → fp32 on this CPU: it has no native bf16 (bf16 would be many times slower)", or
// "auto → bf16 on this CPU: it runs bf16 natively (AVX-512 BF16)"; with a GPU, what auto
// takes there first.
QString precisionHint(const std::vector<GpuInfo>& gpus, const CpuFeatures& cpu);

}  // namespace tfw
