#pragma once
// Teacher-forced loss of a checkpoint on given text (no label smoothing, no dropout): how
// likely the model finds the references, independent of any search.

#include <cstdint>
#include <string>
#include <vector>

#include "core/io/model_io.h"

namespace tfw {

struct ReferenceLoss {
    double nll = 0;              // summed negative log-likelihood, nats
    int64_t tokens = 0;          // predicted tokens (EOS included)
    double tokens_per_word = 0;  // lm: see Corpus::tokens_per_word; 0 for seq2seq
    double loss() const;         // per token; NaN without tokens
    double perplexity() const;
    double word_perplexity() const;  // lm whose tokenizer splits words; 0 otherwise
};

// seq2seq: sources[i] paired with references[i], cut to the checkpoint's data.max_src_len /
// max_tgt_len as in validation. Throws std::invalid_argument when the counts differ.
ReferenceLoss reference_loss(LoadedModel& model, const std::vector<std::string>& sources,
                             const std::vector<std::string>& references);

// Language model: the lines as one stream in windows of data.max_tgt_len, as in validation,
// or of `window` tokens (length extrapolation: a window longer than the model trained on).
ReferenceLoss text_loss(LoadedModel& model, const std::vector<std::string>& lines, int window = 0);

}  // namespace tfw
