#include "core/decode/translator.h"

#include "core/data/tokenizer.h"
#include "core/decode/search.h"

namespace tfw {

Translator::Translator(LoadedModel model) : model_(std::move(model)) {}

std::vector<int> Translator::encode_input(const std::string& input) const {
    std::vector<int> ids = model_.src_tokenizer->encode(input);
    // A language model's prompt starts after a sentence boundary, as lines do in training.
    if (model_.model->options().is_lm())
        ids.insert(ids.begin(), kEosId);
    else
        ids.push_back(kEosId);
    const size_t limit = static_cast<size_t>(model_.model->options().max_positions) - 2;
    if (ids.size() > limit) ids.resize(limit);
    return ids;
}

std::vector<std::string> Translator::input_pieces(const std::string& input) const {
    return model_.src_tokenizer->pieces(input);
}

std::vector<std::vector<TranslationOutput>> Translator::translate(
    const std::vector<std::string>& inputs, const DecodeOptions& options,
    const std::function<bool(size_t, size_t)>& progress) {
    std::vector<std::vector<int>> ids;
    ids.reserve(inputs.size());
    for (const auto& input : inputs) ids.push_back(encode_input(input));
    std::function<bool(size_t)> keep_going;
    if (progress) keep_going = [&](size_t done) { return progress(done, inputs.size()); };
    auto decoded = decode_ids(*model_.model, ids, options, keep_going);

    std::vector<std::vector<TranslationOutput>> outputs(inputs.size());
    const Tokenizer& tgt = *model_.tgt_tokenizer;
    for (size_t i = 0; i < decoded.size(); ++i) {
        for (auto& hypothesis : decoded[i]) {
            TranslationOutput out;
            out.text = tgt.decode(hypothesis.tokens);
            for (int id : hypothesis.tokens) out.pieces.push_back(tgt.piece(id));
            out.hypothesis = std::move(hypothesis);
            outputs[i].push_back(std::move(out));
        }
    }
    return outputs;
}

}  // namespace tfw
