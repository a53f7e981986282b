#include "core/model/batch_tensors.h"

#include <ATen/ATen.h>

#include <algorithm>
#include <vector>

namespace tfw {

namespace {

at::Tensor host_tensor(const std::vector<int64_t>& data, int64_t rows, int64_t cols,
                       bool page_locked) {
    at::Tensor t = at::empty({rows, cols}, at::TensorOptions(at::kLong).pinned_memory(page_locked));
    std::copy(data.begin(), data.end(), t.data_ptr<int64_t>());
    return t;
}

}  // namespace

BatchTensors to_host_tensors(const Batch& batch, bool page_locked) {
    BatchTensors t;
    if (batch.src_len > 0) t.src = host_tensor(batch.src, batch.size, batch.src_len, page_locked);
    t.tgt_in = host_tensor(batch.tgt_in, batch.size, batch.tgt_len, page_locked);
    t.tgt_out = host_tensor(batch.tgt_out, batch.size, batch.tgt_len, page_locked);
    t.src_tokens = batch.src_tokens;
    t.tgt_tokens = batch.tgt_tokens;
    return t;
}

BatchTensors to_tensors(const Batch& batch, const at::Device& device) {
    // For a GPU, page-locked memory: the copy then runs while the host goes on.
    BatchTensors t = to_host_tensors(batch, !device.is_cpu());
    if (device.is_cpu()) return t;
    const auto move = [&](const at::Tensor& h) { return h.to(device, /*non_blocking=*/true); };
    if (t.src.defined()) t.src = move(t.src);
    t.tgt_in = move(t.tgt_in);
    t.tgt_out = move(t.tgt_out);
    return t;
}

}  // namespace tfw
