#include "core/decode/translator.h"

#include <ATen/ATen.h>

#include <stdexcept>
#include <string>

#include "core/data/tokenizer.h"
#include "core/decode/search.h"
#include "core/model/model_copy.h"

namespace tfw {

namespace {

std::string stack_name(AttentionStack stack) {
    return stack == AttentionStack::EncoderSelf   ? "encoder self-attention"
           : stack == AttentionStack::DecoderSelf ? "decoder self-attention"
                                                  : "cross-attention";
}

// The layers that have `stack`'s attention.
int64_t layers_of(const ModelOptions& o, AttentionStack stack) {
    if (stack == AttentionStack::EncoderSelf) return o.encoder_layers;
    if (stack == AttentionStack::Cross) return o.is_lm() ? int64_t(0) : o.decoder_layers;
    return o.decoder_layers;
}

}  // namespace

std::vector<int> encode_source(const Tokenizer& tokenizer, const std::string& text,
                               int64_t max_positions, InputFit* fit) {
    std::vector<int> ids = tokenizer.encode(text);
    const size_t limit = static_cast<size_t>(max_positions) - 3;  // and EOS, and two spare
    if (fit)
        *fit = {static_cast<int64_t>(ids.size()),
                ids.size() > limit ? static_cast<int64_t>(ids.size() - limit) : 0};
    if (ids.size() > limit) ids.resize(limit);
    ids.push_back(kEosId);
    return ids;
}

Translator::Translator(LoadedModel model) : model_(std::move(model)) {}

std::vector<int> Translator::encode_input(const std::string& input, InputFit* fit) const {
    const int64_t max_positions = model_.model->options().max_positions;
    if (!model_.model->options().is_lm())
        return encode_source(*model_.src_tokenizer, input, max_positions, fit);
    // A prompt starts after a sentence boundary, as lines do in training; a long one keeps
    // its newest tokens, the ones the continuation follows.
    std::vector<int> ids = model_.src_tokenizer->encode(input);
    const size_t limit = static_cast<size_t>(max_positions) - 2;
    if (fit)
        *fit = {static_cast<int64_t>(ids.size()),
                ids.size() > limit ? static_cast<int64_t>(ids.size() - limit) : 0};
    ids.insert(ids.begin(), kEosId);
    if (ids.size() > limit) ids.erase(ids.begin(), ids.end() - static_cast<long>(limit));
    return ids;
}

void Translator::set_masked_heads(const std::vector<HeadSelection>& heads) {
    TransformerModelImpl& model = *model_.model;
    const ModelOptions& o = model.options();
    for (const auto& h : heads)
        if (h.layer < 0 || h.layer >= layers_of(o, h.stack) || h.head < 0 || h.head >= o.heads)
            throw std::invalid_argument("no " + stack_name(h.stack) + " head " +
                                        std::to_string(h.head + 1) + " in layer " +
                                        std::to_string(h.layer + 1) + " (the model has " +
                                        std::to_string(layers_of(o, h.stack)) + " such layers of " +
                                        std::to_string(o.heads) + " heads, counted from 1)");
    masked_heads_ = heads;
    apply_head_masks(model);
    for (TransformerModel& copy : copies_)
        if (copy) apply_head_masks(*copy);
}

void Translator::apply_head_masks(TransformerModelImpl& model) const {
    const ModelOptions& o = model.options();
    const auto device = model.parameters().front().device();
    for (AttentionStack stack :
         {AttentionStack::EncoderSelf, AttentionStack::DecoderSelf, AttentionStack::Cross}) {
        for (int64_t layer = 0; layer < layers_of(o, stack); ++layer) {
            at::Tensor mask;  // undefined: every head on
            for (const auto& h : masked_heads_) {
                if (h.stack != stack || h.layer != layer) continue;
                if (!mask.defined()) mask = at::ones({o.heads}, at::TensorOptions().device(device));
                mask[h.head] = 0.0;
            }
            model.set_head_mask(stack, layer, mask);
        }
    }
}

TransformerModelImpl& Translator::model_in(DecodePrecision precision) {
    TransformerModel& copy = copies_.at(static_cast<size_t>(precision));
    if (!copy) {
        copy = decoding_copy(*model_.model, precision);
        if (!copy) return *model_.model;
        apply_head_masks(*copy);
    }
    return *copy;
}

std::vector<std::vector<TranslationOutput>> Translator::translate(
    const std::vector<std::string>& inputs, const DecodeOptions& options,
    const std::function<bool(size_t, size_t)>& progress) {
    const bool lm = model_.model->options().is_lm();
    std::vector<std::vector<int>> ids;  // of the inputs decoded
    std::vector<size_t> decoded_inputs;
    std::vector<InputFit> fits(inputs.size());
    std::vector<std::vector<TranslationOutput>> outputs(inputs.size());
    for (size_t i = 0; i < inputs.size(); ++i) {
        std::vector<int> input = encode_input(inputs[i], &fits[i]);
        if (!lm &&
            fits[i].tokens == 0) {  // nothing to translate: an empty output, not invented words
            outputs[i].emplace_back();
            outputs[i].back().hypothesis.finished = true;
            continue;
        }
        ids.push_back(std::move(input));
        decoded_inputs.push_back(i);
    }
    std::function<bool(size_t)> keep_going;
    if (progress) keep_going = [&](size_t done) { return progress(done, ids.size()); };
    auto decoded = decode_ids(model_in(options.precision), ids, options, keep_going);

    const Tokenizer& tgt = *model_.tgt_tokenizer;
    for (size_t k = 0; k < decoded.size(); ++k) {
        const size_t i = decoded_inputs[k];
        for (auto& hypothesis : decoded[k]) {
            TranslationOutput out;
            out.text = tgt.decode(hypothesis.tokens);
            for (int id : hypothesis.tokens) out.pieces.push_back(tgt.piece(id));
            out.hypothesis = std::move(hypothesis);
            outputs[i].push_back(std::move(out));
        }
    }
    for (size_t i = 0; i < inputs.size(); ++i)
        for (TranslationOutput& out : outputs[i]) {
            out.input_tokens = fits[i].tokens;
            out.input_tokens_cut = fits[i].cut;
        }
    return outputs;
}

}  // namespace tfw
