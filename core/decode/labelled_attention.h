#pragma once
// A hypothesis' attention as labelled numbers: per stack, per layer, per head, a row per query
// position labelled with the token it produces (decoder) or reads (encoder), a column per key
// token. What the window's heatmaps draw and what `tfw translate --attention` writes.

#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "core/data/tokenizer.h"
#include "core/decode/hypothesis.h"
#include "core/model/transformer_model.h"

namespace tfw {

struct LabelledAttentionStack {
    std::vector<std::string> row_labels, column_labels;
    int rows = 0, columns = 0;
    // weights[layer][head]: row-major rows x columns, each row a distribution.
    std::vector<std::vector<std::vector<float>>> weights;
    bool empty() const { return weights.empty(); }
};

// A stack the model lacks (a language model has no encoder) is empty.
struct LabelledAttention {
    LabelledAttentionStack encoder_self, decoder_self, cross;
    const LabelledAttentionStack& of(AttentionStack stack) const;
};

// input: the ids the model read (a source ending in EOS, or a prompt starting with EOS).
LabelledAttention label_attention(const Hypothesis& hypothesis, const std::vector<int>& input,
                                  const Tokenizer& source, const Tokenizer& target, bool lm);

// "encoder_self" | "decoder_self" | "cross", and back (also "enc", "dec", "cross"); throws
// std::invalid_argument naming the accepted spellings.
std::string attention_stack_name(AttentionStack stack);
AttentionStack parse_attention_stack(const std::string& name);

// {"encoder_self": {"rows": [...], "columns": [...], "layers": [[head rows...]...]}, ...}
nlohmann::json to_json(const LabelledAttention& attention);

}  // namespace tfw
