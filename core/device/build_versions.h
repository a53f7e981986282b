#pragma once
#include <string>

namespace tfw {

// "tfw 0.1.0, LibTorch 2.11.0, CUDA 13.0": the versions compiled in (CUDA only when the
// LibTorch built against has it).
std::string build_versions();
// The CUDA version the LibTorch built against was made with, or "" for a CPU-only one.
std::string compiled_cuda_version();

}  // namespace tfw
