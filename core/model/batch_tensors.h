#pragma once
// A batch of token ids (core/data's Batch) as the tensors the model reads: training steps,
// validation, the sanity checks and reference losses all feed the model through it.

#include <ATen/core/Tensor.h>
#include <c10/core/Device.h>

#include <cstdint>

#include "core/data/dataset.h"

namespace tfw {

struct BatchTensors {
    at::Tensor src;              // [B, S], undefined for a language model
    at::Tensor tgt_in, tgt_out;  // [B, T], padded with kPadId
    int64_t src_tokens = 0, tgt_tokens = 0;
};

BatchTensors to_tensors(const Batch& batch, const at::Device& device);
// The same tensors in host memory, page-locked when asked (for asynchronous copies to a GPU).
BatchTensors to_host_tensors(const Batch& batch, bool page_locked);

}  // namespace tfw
