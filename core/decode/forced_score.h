#pragma once
// Teacher-forced scoring: how likely a model finds a given output for a given input, token
// by token. Used for cross-scoring (one checkpoint's output under another checkpoint) and
// for per-line perplexities of a language model.

#include <string>
#include <vector>

#include "core/model/transformer_model.h"

namespace tfw {

struct ForcedScore {
    std::vector<int> tokens;             // the output ids, without BOS and EOS
    std::vector<std::string> pieces;     // the same tokens as the tokenizer spells them
    std::vector<float> token_log_probs;  // log p of each output token, then of EOS
    double total = 0;                    // sum of token_log_probs
    double perplexity() const;           // exp(-total / token_log_probs.size())
};

// inputs: seq2seq sources (ending in EOS) or language-model prompts (at least one id);
// outputs: ids without BOS/EOS. Scored in batches; no dropout, no gradients. `pieces` is left
// empty. Throws std::invalid_argument when the counts differ or a prompt is empty.
std::vector<ForcedScore> force_score_ids(TransformerModelImpl& model,
                                         const std::vector<std::vector<int>>& inputs,
                                         const std::vector<std::vector<int>>& outputs,
                                         size_t batch_size = 32);

class Translator;
// Text in: the input is encoded as for decoding, the output with the target tokenizer and
// truncated to what the model's positions allow. Head masks set on the translator apply.
ForcedScore score_output(Translator& translator, const std::string& input,
                         const std::string& output);

}  // namespace tfw
