#include "core/check/check_batch.h"

#include <ATen/ATen.h>

#include <algorithm>
#include <limits>

#include "core/data/tokenizer.h"

namespace tfw {

namespace {

at::Tensor to_tensor(const std::vector<int64_t>& ids, int64_t rows, int64_t cols,
                     const at::Device& device) {
    at::Tensor t = at::empty({rows, cols}, at::kLong);
    std::copy(ids.begin(), ids.end(), t.data_ptr<int64_t>());
    return t.to(device);
}

}  // namespace

CheckBatch to_check_batch(const Batch& batch, const at::Device& device) {
    CheckBatch b;
    if (batch.src_len > 0) b.src = to_tensor(batch.src, batch.size, batch.src_len, device);
    b.tgt_in = to_tensor(batch.tgt_in, batch.size, batch.tgt_len, device);
    b.tgt_out = to_tensor(batch.tgt_out, batch.size, batch.tgt_len, device);
    return b;
}

std::vector<CheckBatch> sample_batches(const Corpus& corpus, int64_t batch_tokens, uint64_t seed,
                                       size_t count, const at::Device& device) {
    const std::vector<Batch> batches = make_batches(corpus.examples, batch_tokens, true, seed, 1);
    std::vector<CheckBatch> sample;
    for (size_t i = 0; i < std::min(count, batches.size()); ++i)
        sample.push_back(to_check_batch(batches[i], device));
    return sample;
}

CheckBatch handful_batch(const Corpus& corpus, size_t count, const at::Device& device) {
    const size_t n = corpus.examples.size();
    std::vector<Example> chosen;
    for (size_t i = 0; i < std::min(count, n); ++i)
        chosen.push_back(corpus.examples[i * n / count]);
    const std::vector<Batch> batches =
        make_batches(chosen, std::numeric_limits<int32_t>::max(), false, 0, 0);
    return batches.empty() ? CheckBatch{} : to_check_batch(batches.front(), device);
}

at::Tensor mean_token_nll(TransformerModelImpl& model, const CheckBatch& batch) {
    const at::Tensor logits = model.forward(batch.src, batch.tgt_in).to(at::kFloat);
    return at::cross_entropy_loss(logits.reshape({-1, logits.size(-1)}), batch.tgt_out.reshape(-1),
                                  {}, at::Reduction::Mean, kPadId);
}

}  // namespace tfw
