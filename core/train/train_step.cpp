#include "core/train/train_step.h"

#include <ATen/ATen.h>
#include <ATen/Parallel.h>
#include <ATen/autocast_mode.h>
#include <torch/utils.h>
#include <torch/version.h>

#include <thread>

#include "core/train/label_smoothed_loss.h"
#include "core/util/allocator.h"
#include "core/util/blas_threads.h"

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

// Turns autocast on for the lifetime of the guard when precision asks for it.
class AutocastGuard {
  public:
    AutocastGuard(Precision precision, const at::Device& device) : type_(device.type()) {
        if (precision == Precision::Fp32) return;
        previous_ = autocast_enabled(type_);
        set_autocast(type_, true, precision == Precision::Bf16 ? at::kBFloat16 : at::kHalf);
        active_ = true;
    }
    ~AutocastGuard() {
        if (!active_) return;
        set_autocast(type_, previous_, type_ == at::kCPU ? at::kBFloat16 : at::kHalf);
        at::autocast::clear_cache();
    }
    AutocastGuard(const AutocastGuard&) = delete;
    AutocastGuard& operator=(const AutocastGuard&) = delete;

  private:
    at::DeviceType type_;
    bool active_ = false, previous_ = false;
};

}  // namespace

StepStats forward_backward(TransformerModelImpl& model, const BatchTensors& batch,
                           double label_smoothing, double loss_scale, Precision precision) {
    LossSums sums;
    {
        AutocastGuard autocast(precision, batch.tgt_in.device());
        const at::Tensor logits = model.forward(batch.src, batch.tgt_in);
        sums = label_smoothed_loss(logits, batch.tgt_out, label_smoothing);
    }
    (sums.loss * loss_scale).backward();
    return {sums.loss.item<double>(), sums.nll.item<double>(), sums.tokens,
            sums.correct.item<int64_t>()};
}

StepStats evaluate_batch(TransformerModelImpl& model, const BatchTensors& batch,
                         Precision precision) {
    torch::NoGradGuard no_grad;
    AutocastGuard autocast(precision, batch.tgt_in.device());
    const at::Tensor logits = model.forward(batch.src, batch.tgt_in);
    const LossSums sums = label_smoothed_loss(logits, batch.tgt_out, 0.0);
    return {sums.loss.item<double>(), sums.nll.item<double>(), sums.tokens,
            sums.correct.item<int64_t>()};
}

double clip_gradients(const std::vector<at::Tensor>& parameters, double max_norm) {
    torch::NoGradGuard no_grad;
    std::vector<at::Tensor> norms;
    for (const auto& p : parameters)
        if (p.grad().defined()) norms.push_back(p.grad().norm(2).to(at::kFloat));
    if (norms.empty()) return 0.0;
    const double total = at::stack(norms).norm(2).item<double>();
    if (max_norm > 0 && total > max_norm) {
        const double scale = max_norm / (total + 1e-6);
        for (const auto& p : parameters)
            if (p.grad().defined()) p.grad().mul_(scale);
    }
    return total;
}

int configure_threads(int threads) {
    install_caching_cpu_allocator();
    // LibTorch's default reported 1 thread on 2-core machines: set it explicitly.
    const int wanted =
        threads > 0 ? threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    at::set_num_threads(wanted);
    set_blas_threads(wanted);
    return at::get_num_threads();
}

}  // namespace tfw
