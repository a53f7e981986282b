#include "core/decode/labelled_attention.h"

#include <ATen/core/Tensor.h>

#include <algorithm>
#include <stdexcept>

#include <nlohmann/json.hpp>

namespace tfw {
namespace {

std::string label(const Tokenizer& tokenizer, int id) {
    if (id == kEosId) return "</s>";
    if (id == kBosId) return "<s>";
    return tokenizer.piece(id);
}

std::vector<std::string> labels(const Tokenizer& tokenizer, const std::vector<int>& ids) {
    std::vector<std::string> out;
    for (int id : ids) out.push_back(label(tokenizer, id));
    return out;
}

// [heads, rows, columns] per layer; the labels are cut to the rows and columns there are.
LabelledAttentionStack labelled(const std::vector<at::Tensor>& layers,
                                std::vector<std::string> row_labels,
                                std::vector<std::string> column_labels) {
    LabelledAttentionStack stack;
    for (const at::Tensor& layer : layers) {
        const at::Tensor t = layer.to(at::kFloat).contiguous();
        const int64_t heads = t.size(0);
        stack.rows = static_cast<int>(t.size(1));
        stack.columns = static_cast<int>(t.size(2));
        const size_t cells = static_cast<size_t>(stack.rows) * stack.columns;
        const float* data = t.data_ptr<float>();
        std::vector<std::vector<float>> per_head;
        for (int64_t h = 0; h < heads; ++h)
            per_head.emplace_back(data + h * cells, data + (h + 1) * cells);
        stack.weights.push_back(std::move(per_head));
    }
    row_labels.resize(std::min(row_labels.size(), size_t(stack.rows)));
    column_labels.resize(std::min(column_labels.size(), size_t(stack.columns)));
    stack.row_labels = std::move(row_labels);
    stack.column_labels = std::move(column_labels);
    return stack;
}

nlohmann::json to_json(const LabelledAttentionStack& stack) {
    return {
        {"rows", stack.row_labels}, {"columns", stack.column_labels}, {"layers", stack.weights}};
}

}  // namespace

const LabelledAttentionStack& LabelledAttention::of(AttentionStack stack) const {
    switch (stack) {
        case AttentionStack::EncoderSelf:
            return encoder_self;
        case AttentionStack::DecoderSelf:
            return decoder_self;
        case AttentionStack::Cross:
            break;
    }
    return cross;
}

LabelledAttention label_attention(const Hypothesis& hypothesis, const std::vector<int>& input,
                                  const Tokenizer& source, const Tokenizer& target, bool lm) {
    const AttentionMaps& a = hypothesis.attention;
    // The last query position produced EOS, or nothing when the length limit came first.
    const std::string last = hypothesis.finished ? "</s>" : "…";
    LabelledAttention set;
    if (lm) {
        std::vector<int> all = input;
        all.insert(all.end(), hypothesis.tokens.begin(), hypothesis.tokens.end());
        const std::vector<std::string> read = labels(target, all);
        std::vector<std::string> produced(read.begin() + (read.empty() ? 0 : 1), read.end());
        produced.push_back(last);
        set.decoder_self = labelled(a.decoder_self, produced, read);
        return set;
    }
    const std::vector<std::string> source_labels = labels(source, input);
    std::vector<std::string> produced = labels(target, hypothesis.tokens);
    produced.push_back(last);
    std::vector<std::string> read{"<s>"};
    for (const std::string& piece : labels(target, hypothesis.tokens)) read.push_back(piece);
    set.encoder_self = labelled(a.encoder_self, source_labels, source_labels);
    set.decoder_self = labelled(a.decoder_self, produced, read);
    set.cross = labelled(a.cross, produced, source_labels);
    return set;
}

std::string attention_stack_name(AttentionStack stack) {
    switch (stack) {
        case AttentionStack::EncoderSelf:
            return "encoder_self";
        case AttentionStack::DecoderSelf:
            return "decoder_self";
        case AttentionStack::Cross:
            break;
    }
    return "cross";
}

AttentionStack parse_attention_stack(const std::string& name) {
    if (name == "encoder_self" || name == "enc") return AttentionStack::EncoderSelf;
    if (name == "decoder_self" || name == "dec") return AttentionStack::DecoderSelf;
    if (name == "cross") return AttentionStack::Cross;
    throw std::invalid_argument("attention stack '" + name +
                                "' must be enc (encoder_self), dec (decoder_self) or cross");
}

nlohmann::json to_json(const LabelledAttention& attention) {
    nlohmann::json out = nlohmann::json::object();
    for (AttentionStack stack :
         {AttentionStack::EncoderSelf, AttentionStack::DecoderSelf, AttentionStack::Cross})
        if (!attention.of(stack).empty())
            out[attention_stack_name(stack)] = to_json(attention.of(stack));
    return out;
}

}  // namespace tfw
