#pragma once
// train.precision against what the device runs natively: bf16 asked for on a CPU without
// AVX-512 BF16 or AMX is emulated, many times slower than fp32 (a preset's half hour became
// nine hours on such a laptop), so the check measures the slowdown there and warns.

#include <c10/core/Device.h>

#include "core/check/check_result.h"
#include "core/config/experiment_config.h"

namespace tfw {

CheckResult check_precision(const ExperimentConfig& config, const at::Device& device);

// The verdict alone, for a measured (or, with native bf16, unmeasured) slowdown.
CheckResult judge_precision(Precision requested, bool cuda, bool native_bf16, double bf16_slowdown);

}  // namespace tfw
