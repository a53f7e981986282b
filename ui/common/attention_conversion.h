#pragma once
// A hypothesis' attention as labelled Qt maps for the heatmap widgets: core's
// label_attention (core/decode/labelled_attention.h) copied into Qt types.

#include <vector>

#include "core/data/tokenizer.h"
#include "core/decode/hypothesis.h"
#include "ui/common/attention_set.h"

namespace tfw {

struct LabelledAttention;

AttentionSet toAttentionSet(const LabelledAttention& attention);

// input: the ids the model read (a source ending in EOS, or a prompt starting with EOS).
AttentionSet toAttentionSet(const Hypothesis& hypothesis, const std::vector<int>& input,
                            const Tokenizer& source, const Tokenizer& target, bool lm);

}  // namespace tfw
