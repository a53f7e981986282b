#include "core/train/train_step.h"

#include <ATen/ATen.h>
#include <ATen/Parallel.h>
#include <torch/utils.h>

#include <thread>

#include "core/model/autocast_guard.h"
#include "core/model/label_smoothed_loss.h"
#include "core/runtime/allocator.h"
#include "core/runtime/blas_threads.h"

namespace tfw {

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
