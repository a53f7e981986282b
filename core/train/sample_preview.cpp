#include "core/train/sample_preview.h"

#include "core/decode/search.h"

namespace tfw {

SamplesReport preview_samples(TransformerModelImpl& model, const PreparedData& data,
                              const ExperimentConfig& config, int64_t step) {
    constexpr size_t kSamples = 4;
    constexpr int kPromptTokens = 4;
    const auto& examples = data.valid.examples;
    const bool lm = config.is_lm();
    std::vector<std::vector<int>> inputs;
    SamplesReport report;
    report.step = step;
    for (size_t i = 0; i < examples.size() && inputs.size() < kSamples; ++i) {
        const Example& e = examples[i];
        SampleOutput sample;
        std::vector<int> input;
        if (lm) {
            if (e.tgt_in.size() < size_t(2 * kPromptTokens)) continue;
            input.assign(e.tgt_in.begin(), e.tgt_in.begin() + kPromptTokens);
            sample.reference = data.tgt_tokenizer->decode(
                std::vector<int>(e.tgt_in.begin() + kPromptTokens, e.tgt_in.end()));
        } else {
            input.assign(e.src.begin(), e.src.end());
            sample.reference =
                data.tgt_tokenizer->decode(std::vector<int>(e.tgt_out.begin(), e.tgt_out.end()));
        }
        sample.input = data.src_tokenizer->decode(input);
        inputs.push_back(std::move(input));
        report.samples.push_back(std::move(sample));
    }
    if (inputs.empty()) return report;
    DecodeOptions options = decode_options_from(config.decode);
    options.beam = 1;
    options.nbest = 1;
    if (lm) options.max_len_b = 16;
    model.eval();
    const auto outputs = decode_ids(model, inputs, options);
    model.train();
    for (size_t i = 0; i < outputs.size(); ++i)
        if (!outputs[i].empty())
            report.samples[i].output = data.tgt_tokenizer->decode(outputs[i][0].tokens);
    return report;
}

}  // namespace tfw
