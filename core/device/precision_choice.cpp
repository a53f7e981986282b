#include "core/device/precision_choice.h"

#include <ATen/ATen.h>

#include <algorithm>
#include <chrono>

#include "core/device/cpu_features.h"
#include "core/device/gpu_devices.h"

namespace tfw {

PrecisionChoice choose_precision(Precision requested, bool cuda, bool native_bf16) {
    PrecisionChoice c;
    c.cuda = cuda;
    c.native_bf16 = native_bf16;
    c.automatic = requested == Precision::Auto;
    c.precision = c.automatic ? (native_bf16 ? Precision::Bf16 : Precision::Fp32) : requested;
    return c;
}

bool runs_bf16_natively(const at::Device& device) {
    if (!device.is_cuda()) return cpu_runs_bf16_natively();
    for (const GpuInfo& gpu : list_gpus())
        if (gpu.index == device.index() || (device.index() < 0 && gpu.index == 0))
            return gpu.native_bf16;
    return false;
}

PrecisionChoice choose_precision(Precision requested, const at::Device& device) {
    return choose_precision(requested, device.is_cuda(), runs_bf16_natively(device));
}

const char* precision_name(Precision precision) {
    switch (precision) {
        case Precision::Auto:
            return "auto";
        case Precision::Bf16:
            return "bf16";
        case Precision::Fp16:
            return "fp16";
        case Precision::Fp32:
            break;
    }
    return "fp32";
}

std::string describe_precision(const PrecisionChoice& choice) {
    const std::string name = precision_name(choice.precision);
    if (!choice.automatic) return name;
    const std::string device = choice.cuda ? "the GPU" : "this CPU";
    return "auto → " + name + " (" + device +
           (choice.native_bf16 ? " runs bf16 natively)" : " has no native bf16)");
}

namespace {

// Seconds per product, the best of a few (the first also warms the kernels up).
double seconds_per_product(const at::Tensor& a, const at::Tensor& b) {
    using Clock = std::chrono::steady_clock;
    double best = 1e9;
    for (int i = 0; i < 3; ++i) {
        const auto start = Clock::now();
        at::Tensor c = at::matmul(a, b);
        if (c.is_cuda()) c.cpu();
        best = std::min(best, std::chrono::duration<double>(Clock::now() - start).count());
    }
    return best;
}

}  // namespace

double measured_bf16_slowdown(int64_t d_model, int64_t ffn_dim, const at::Device& device) {
    // One feed-forward product of a 256-token batch: what a training step is made of.
    const at::Tensor a = at::randn({256, d_model}, at::TensorOptions(device));
    const at::Tensor b = at::randn({d_model, ffn_dim}, at::TensorOptions(device));
    const double fp32 = seconds_per_product(a, b);
    const double bf16 = seconds_per_product(a.to(at::kBFloat16), b.to(at::kBFloat16));
    return bf16 / std::max(fp32, 1e-9);
}

}  // namespace tfw
