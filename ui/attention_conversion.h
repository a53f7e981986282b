#pragma once
// A hypothesis' attention tensors as labelled Qt maps for the heatmap widgets. Rows are
// labelled with the token each query position produces (decoder) or reads (encoder),
// columns with the tokens it looks at.

#include <vector>

#include "core/data/tokenizer.h"
#include "core/decode/hypothesis.h"
#include "ui/inference_types.h"

namespace tfw {

// input: the ids the model read (a source ending in EOS, or a prompt starting with EOS).
AttentionSet toAttentionSet(const Hypothesis& hypothesis, const std::vector<int>& input,
                            const Tokenizer& source, const Tokenizer& target, bool lm);

}  // namespace tfw
