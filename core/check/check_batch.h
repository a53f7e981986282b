#pragma once
// The few batches the model checks look at, as tensors, and the per-token NLL they score.

#include <ATen/core/Tensor.h>
#include <c10/core/Device.h>

#include <vector>

#include "core/data/dataset.h"
#include "core/model/transformer_model.h"

namespace tfw {

struct CheckBatch {
    at::Tensor src;              // [B, S], undefined for a language model
    at::Tensor tgt_in, tgt_out;  // [B, T], padded with kPadId
};

CheckBatch to_check_batch(const Batch& batch, const at::Device& device);

// The first `count` batches of the corpus in a training epoch's shuffled order (epoch 1).
std::vector<CheckBatch> sample_batches(const Corpus& corpus, int64_t batch_tokens, uint64_t seed,
                                       size_t count, const at::Device& device);

// `count` examples spread evenly over the corpus, in one batch.
CheckBatch handful_batch(const Corpus& corpus, size_t count, const at::Device& device);

// Mean NLL per non-padding target token (differentiable).
at::Tensor mean_token_nll(TransformerModelImpl& model, const CheckBatch& batch);

}  // namespace tfw
