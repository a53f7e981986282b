#pragma once
// A tokenizer turns text into ids and back. Ids 0..3 are reserved in every tokenizer:
// 0 <pad>, 1 <unk>, 2 <s> (BOS), 3 </s> (EOS).

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace tfw {

constexpr int kPadId = 0;
constexpr int kUnkId = 1;
constexpr int kBosId = 2;
constexpr int kEosId = 3;

class Tokenizer {
  public:
    virtual ~Tokenizer() = default;
    virtual std::string type_name() const = 0;  // "sentencepiece" or "word"
    virtual int vocab_size() const = 0;         // reserved ids included
    virtual std::vector<int> encode(const std::string& text) const = 0;  // no BOS/EOS added
    virtual std::string decode(
        const std::vector<int>& ids) const = 0;  // detokenized; skips pad/BOS/EOS
    virtual std::vector<std::string> pieces(const std::string& text) const = 0;
    virtual std::string piece(int id) const = 0;
    // Everything needed to rebuild this tokenizer (a sentencepiece model proto, identical to a
    // .model file; or the word list), for checkpoints.
    virtual std::string serialize() const = 0;
};

// Rebuilds a tokenizer from type_name() and serialize(). Throws std::runtime_error.
std::shared_ptr<Tokenizer> deserialize_tokenizer(const std::string& type_name,
                                                 const std::string& bytes);

}  // namespace tfw
