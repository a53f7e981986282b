#include "core/data/tokenizer.h"

#include <stdexcept>

#include "core/data/sentencepiece_tokenizer.h"
#include "core/data/word_tokenizer.h"

namespace tfw {

std::shared_ptr<Tokenizer> deserialize_tokenizer(const std::string& type_name,
                                                 const std::string& bytes) {
    if (type_name == "sentencepiece") return SentencePieceTokenizer::deserialize(bytes);
    if (type_name == "word") return WordTokenizer::deserialize(bytes);
    throw std::runtime_error("unknown tokenizer type '" + type_name +
                             "' (expected sentencepiece or word)");
}

}  // namespace tfw
