#pragma once
// Turns raw text into encoded examples (see Example in dataset.h for the layout).

#include "core/data/dataset.h"
#include "core/data/raw_corpus.h"

namespace tfw {

enum class SplitRole { Train, Evaluate };

// True when the line holds nothing but whitespace.
bool is_blank(const std::string& line);

// seq2seq pairs. Train: pairs with an empty side or longer than the limits (EOS / BOS
// counted) are skipped and counted. Evaluate: every pair is kept, cut to the limits; a cut
// target ends with the token that followed the cut instead of EOS.
Corpus encode_pairs(const RawSplit& split, const Tokenizer& src_tokenizer,
                    const Tokenizer& tgt_tokenizer, int max_src_len, int max_tgt_len,
                    SplitRole role);

// lm: every line (empty ones too) encoded and followed by EOS, all in one stream, cut into
// non-overlapping windows of `window` tokens whose targets are shifted by one. A final
// partial window is kept when it has at least 2 tokens.
Corpus encode_stream(const RawSplit& split, const Tokenizer& tokenizer, int window);

}  // namespace tfw
