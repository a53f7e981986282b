#pragma once
// The few batches the model checks look at, as tensors, and the per-token NLL they score.

#include <ATen/core/Tensor.h>
#include <c10/core/Device.h>

#include <vector>

#include "core/data/dataset.h"
#include "core/model/batch_tensors.h"
#include "core/model/transformer_model.h"

namespace tfw {

// The first `count` batches of the corpus in a training epoch's shuffled order (epoch 1).
std::vector<BatchTensors> sample_batches(const Corpus& corpus, int64_t batch_tokens, uint64_t seed,
                                         size_t count, const at::Device& device);

// `count` examples spread evenly over the corpus, in one batch.
BatchTensors handful_batch(const Corpus& corpus, size_t count, const at::Device& device);

// Mean NLL per non-padding target token (differentiable).
at::Tensor mean_token_nll(TransformerModelImpl& model, const BatchTensors& batch);

}  // namespace tfw
