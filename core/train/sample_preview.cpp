#include "core/train/sample_preview.h"

#include "core/decode/search.h"

namespace tfw {

std::vector<PreviewInput> preview_inputs(const PreparedData& data, bool lm, size_t count) {
    constexpr int kPromptTokens = 4;
    std::vector<PreviewInput> inputs;
    for (const Example& e : data.valid.examples) {
        if (inputs.size() >= count) break;
        PreviewInput p;
        if (lm) {
            if (e.tgt_in.size() < size_t(2 * kPromptTokens)) continue;
            p.input.assign(e.tgt_in.begin(), e.tgt_in.begin() + kPromptTokens);
            p.reference.assign(e.tgt_in.begin() + kPromptTokens, e.tgt_in.end());
        } else {
            p.input.assign(e.src.begin(), e.src.end());
            p.reference.assign(e.tgt_out.begin(), e.tgt_out.end());
        }
        inputs.push_back(std::move(p));
    }
    return inputs;
}

DecodeOptions preview_decode_options(const ExperimentConfig& config) {
    DecodeOptions options = decode_options_from(config.decode);
    options.beam = 1;
    options.nbest = 1;
    if (config.is_lm()) options.max_len_b = 16;
    return options;
}

SamplesReport preview_samples(TransformerModelImpl& model, const PreparedData& data,
                              const ExperimentConfig& config, int64_t step) {
    constexpr size_t kSamples = 4;
    SamplesReport report;
    report.step = step;
    std::vector<std::vector<int>> inputs;
    for (PreviewInput& p : preview_inputs(data, config.is_lm(), kSamples)) {
        SampleOutput sample;
        sample.input = data.src_tokenizer->decode(p.input);
        sample.reference = data.tgt_tokenizer->decode(p.reference);
        inputs.push_back(std::move(p.input));
        report.samples.push_back(std::move(sample));
    }
    if (inputs.empty()) return report;
    model.eval();
    const auto outputs = decode_ids(model, inputs, preview_decode_options(config));
    model.train();
    for (size_t i = 0; i < outputs.size(); ++i)
        if (!outputs[i].empty())
            report.samples[i].output = data.tgt_tokenizer->decode(outputs[i][0].tokens);
    return report;
}

}  // namespace tfw
