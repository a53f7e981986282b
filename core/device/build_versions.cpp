#include "core/device/build_versions.h"

#include <torch/version.h>

namespace tfw {

std::string build_versions() {
    const std::string cuda = compiled_cuda_version();
    return "tfw " TFW_VERSION ", LibTorch " TORCH_VERSION + (cuda.empty() ? "" : ", CUDA " + cuda);
}

std::string compiled_cuda_version() {
#ifdef TFW_CUDA_VERSION
    return TFW_CUDA_VERSION;
#else
    return "";
#endif
}

}  // namespace tfw
