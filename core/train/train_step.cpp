#include "core/train/train_step.h"

#include <ATen/ATen.h>
#include <ATen/Parallel.h>
#include <torch/utils.h>

#include <thread>

#include "core/model/autocast_guard.h"
#include "core/runtime/allocator.h"
#include "core/runtime/blas_threads.h"

namespace tfw {

LossSums forward_backward(TransformerModelImpl& model, const BatchTensors& batch,
                          double label_smoothing, double loss_scale, Precision precision) {
    LossSums sums;
    {
        AutocastGuard autocast(precision, batch.tgt_in.device());
        const at::Tensor logits = model.forward(batch.src, batch.tgt_in);
        sums = label_smoothed_loss(logits, batch.tgt_out, label_smoothing);
    }
    (sums.loss * loss_scale).backward();
    sums.loss = sums.loss.detach();
    return sums;
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
