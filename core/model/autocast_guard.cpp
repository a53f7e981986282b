#include "core/model/autocast_guard.h"

#include <ATen/autocast_mode.h>
#include <torch/version.h>

namespace tfw {
namespace {

// LibTorch 2.4 replaced the per-device autocast functions with ones taking a device type.
#if TORCH_VERSION_MAJOR > 2 || (TORCH_VERSION_MAJOR == 2 && TORCH_VERSION_MINOR >= 4)
bool autocast_enabled(at::DeviceType type) {
    return at::autocast::is_autocast_enabled(type);
}
void set_autocast(at::DeviceType type, bool enabled, at::ScalarType dtype) {
    at::autocast::set_autocast_enabled(type, enabled);
    at::autocast::set_autocast_dtype(type, dtype);
}
#else
bool autocast_enabled(at::DeviceType type) {
    return type == at::kCPU ? at::autocast::is_cpu_enabled() : at::autocast::is_enabled();
}
void set_autocast(at::DeviceType type, bool enabled, at::ScalarType dtype) {
    if (type == at::kCPU) {
        at::autocast::set_cpu_enabled(enabled);
        at::autocast::set_autocast_cpu_dtype(dtype);
    } else {
        at::autocast::set_enabled(enabled);
        at::autocast::set_autocast_gpu_dtype(dtype);
    }
}
#endif

}  // namespace

AutocastGuard::AutocastGuard(Precision precision, const at::Device& device) : type_(device.type()) {
    if (precision == Precision::Fp32) return;
    previous_ = autocast_enabled(type_);
    set_autocast(type_, true, precision == Precision::Bf16 ? at::kBFloat16 : at::kHalf);
    active_ = true;
}

AutocastGuard::~AutocastGuard() {
    if (!active_) return;
    set_autocast(type_, previous_, type_ == at::kCPU ? at::kBFloat16 : at::kHalf);
    at::autocast::clear_cache();
}

}  // namespace tfw
