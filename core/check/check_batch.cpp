#include "core/check/check_batch.h"

#include <ATen/ATen.h>

#include <algorithm>
#include <limits>

#include "core/data/tokenizer.h"

namespace tfw {

std::vector<BatchTensors> sample_batches(const Corpus& corpus, int64_t batch_tokens, uint64_t seed,
                                         size_t count, const at::Device& device) {
    const std::vector<Batch> batches = make_batches(corpus.examples, batch_tokens, true, seed, 1);
    std::vector<BatchTensors> sample;
    for (size_t i = 0; i < std::min(count, batches.size()); ++i)
        sample.push_back(to_tensors(batches[i], device));
    return sample;
}

BatchTensors handful_batch(const Corpus& corpus, size_t count, const at::Device& device) {
    const size_t n = corpus.examples.size();
    std::vector<Example> chosen;
    for (size_t i = 0; i < std::min(count, n); ++i)
        chosen.push_back(corpus.examples[i * n / count]);
    const std::vector<Batch> batches =
        make_batches(chosen, std::numeric_limits<int32_t>::max(), false, 0, 0);
    return batches.empty() ? BatchTensors{} : to_tensors(batches.front(), device);
}

at::Tensor mean_token_nll(TransformerModelImpl& model, const BatchTensors& batch) {
    const at::Tensor logits = model.forward(batch.src, batch.tgt_in).to(at::kFloat);
    return at::cross_entropy_loss(logits.reshape({-1, logits.size(-1)}), batch.tgt_out.reshape(-1),
                                  {}, at::Reduction::Mean, kPadId);
}

}  // namespace tfw
