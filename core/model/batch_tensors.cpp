#include "core/model/batch_tensors.h"

#include <ATen/ATen.h>

#include <algorithm>
#include <vector>

namespace tfw {

namespace {

at::Tensor to_tensor(const std::vector<int64_t>& data, int64_t rows, int64_t cols,
                     const at::Device& device) {
    // For a GPU, page-locked memory: the copy then runs while the host goes on.
    at::Tensor t =
        at::empty({rows, cols}, at::TensorOptions(at::kLong).pinned_memory(!device.is_cpu()));
    std::copy(data.begin(), data.end(), t.data_ptr<int64_t>());
    return device.is_cpu() ? t : t.to(device, /*non_blocking=*/true);
}

}  // namespace

BatchTensors to_tensors(const Batch& batch, const at::Device& device) {
    BatchTensors t;
    if (batch.src_len > 0) t.src = to_tensor(batch.src, batch.size, batch.src_len, device);
    t.tgt_in = to_tensor(batch.tgt_in, batch.size, batch.tgt_len, device);
    t.tgt_out = to_tensor(batch.tgt_out, batch.size, batch.tgt_len, device);
    t.src_tokens = batch.src_tokens;
    t.tgt_tokens = batch.tgt_tokens;
    return t;
}

}  // namespace tfw
