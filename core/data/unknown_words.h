#pragma once
// How much of an input a model cannot read: the words (split at white space) whose pieces
// include <unk>. An input that is mostly unknown decodes into noise, whatever the model.

#include <string>

#include "core/data/tokenizer.h"

namespace tfw {

struct UnknownWords {
    int unknown = 0;  // words with at least one <unk> piece
    int words = 0;    // all words of the input

    // True when the input is worth a warning: at least half of it is unknown.
    bool mostly_unknown() const { return words > 0 && 2 * unknown >= words; }
};

UnknownWords count_unknown_words(const Tokenizer& tokenizer, const std::string& input);

}  // namespace tfw
