#include "core/decode/translator.h"

#include <ATen/ATen.h>

#include <stdexcept>
#include <string>

#include "core/data/tokenizer.h"
#include "core/decode/search.h"

namespace tfw {

namespace {

std::string stack_name(AttentionStack stack) {
    return stack == AttentionStack::EncoderSelf   ? "encoder self-attention"
           : stack == AttentionStack::DecoderSelf ? "decoder self-attention"
                                                  : "cross-attention";
}

}  // namespace

std::vector<int> encode_source(const Tokenizer& tokenizer, const std::string& text,
                               int64_t max_positions) {
    std::vector<int> ids = tokenizer.encode(text);
    const size_t limit = static_cast<size_t>(max_positions) - 2;
    if (ids.size() + 1 > limit) ids.resize(limit - 1);
    ids.push_back(kEosId);
    return ids;
}

Translator::Translator(LoadedModel model) : model_(std::move(model)) {}

std::vector<int> Translator::encode_input(const std::string& input) const {
    const int64_t max_positions = model_.model->options().max_positions;
    if (!model_.model->options().is_lm())
        return encode_source(*model_.src_tokenizer, input, max_positions);
    // A prompt starts after a sentence boundary, as lines do in training; a long one keeps
    // its newest tokens, the ones the continuation follows.
    std::vector<int> ids = model_.src_tokenizer->encode(input);
    const size_t limit = static_cast<size_t>(max_positions) - 2;
    ids.insert(ids.begin(), kEosId);
    if (ids.size() > limit) ids.erase(ids.begin(), ids.end() - static_cast<long>(limit));
    return ids;
}

void Translator::set_masked_heads(const std::vector<HeadSelection>& heads) {
    TransformerModelImpl& model = *model_.model;
    const ModelOptions& o = model.options();
    auto layers_of = [&](AttentionStack stack) {
        if (stack == AttentionStack::EncoderSelf) return o.encoder_layers;
        if (stack == AttentionStack::Cross) return o.is_lm() ? int64_t(0) : o.decoder_layers;
        return o.decoder_layers;
    };
    for (const auto& h : heads)
        if (h.layer < 0 || h.layer >= layers_of(h.stack) || h.head < 0 || h.head >= o.heads)
            throw std::invalid_argument("no " + stack_name(h.stack) + " head " +
                                        std::to_string(h.head + 1) + " in layer " +
                                        std::to_string(h.layer + 1) + " (the model has " +
                                        std::to_string(layers_of(h.stack)) + " such layers of " +
                                        std::to_string(o.heads) + " heads, counted from 1)");
    const auto device = model.parameters().front().device();
    for (AttentionStack stack :
         {AttentionStack::EncoderSelf, AttentionStack::DecoderSelf, AttentionStack::Cross}) {
        for (int64_t layer = 0; layer < layers_of(stack); ++layer) {
            at::Tensor mask;  // undefined: every head on
            for (const auto& h : heads) {
                if (h.stack != stack || h.layer != layer) continue;
                if (!mask.defined()) mask = at::ones({o.heads}, at::TensorOptions().device(device));
                mask[h.head] = 0.0;
            }
            model.set_head_mask(stack, layer, mask);
        }
    }
    masked_heads_ = heads;
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
