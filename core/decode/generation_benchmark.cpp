#include "core/decode/generation_benchmark.h"

#include <ATen/ATen.h>

#include <chrono>

#include "core/data/tokenizer.h"
#include "core/decode/search.h"
#include "core/model/model_copy.h"
#include "core/runtime/compute_threads.h"

namespace tfw {

GenerationBenchResult run_generation_benchmark(ModelOptions model_options,
                                               const GenerationBenchOptions& o) {
    GenerationBenchResult result;
    result.threads = configure_threads(o.threads);
    at::manual_seed(0);
    model_options.dropout = model_options.attention_dropout = 0;
    model_options.max_positions =
        std::max<int64_t>(model_options.max_positions, o.input_len + o.new_tokens + 1);
    TransformerModel fp32(model_options);
    fp32->eval();
    result.params = fp32->parameter_count();
    // As a Translator decodes: in the copy for `precision` where it makes one.
    TransformerModel model = decoding_copy(*fp32, o.precision);
    if (!model) model = fp32;

    // Inputs of ordinary tokens (ids from 4 up: 0-3 are PAD, UNK, BOS and EOS); a source ends
    // with EOS as the encoder saw in training.
    const int64_t vocab = model_options.tgt_vocab;
    std::vector<std::vector<int>> inputs(static_cast<size_t>(o.batch) * (o.batches + 1));
    const at::Tensor ids = at::randint(4, vocab, {int64_t(inputs.size()), o.input_len}, at::kLong);
    for (size_t i = 0; i < inputs.size(); ++i) {
        const auto row = ids[static_cast<int64_t>(i)];
        for (int64_t j = 0; j < o.input_len; ++j) inputs[i].push_back(row[j].item<int>());
        if (!model_options.is_lm()) inputs[i].back() = kEosId;
    }
    DecodeOptions options;
    options.beam = o.beam;
    options.max_len_a = 0;
    options.max_len_b = options.min_len = o.new_tokens;
    options.batch_size = o.batch;

    const std::vector<std::vector<int>> warmup(inputs.begin(), inputs.begin() + o.batch),
        timed(inputs.begin() + o.batch, inputs.end());
    decode_ids(*model, warmup, options);
    const auto start = std::chrono::steady_clock::now();
    const auto outputs = decode_ids(*model, timed, options);
    result.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    for (const auto& per_input : outputs)
        if (!per_input.empty())
            result.tokens += static_cast<int64_t>(per_input.front().tokens.size());
    result.tokens_per_s = static_cast<double>(result.tokens) / result.seconds;
    result.sentences_per_s = static_cast<double>(timed.size()) / result.seconds;
    return result;
}

}  // namespace tfw
