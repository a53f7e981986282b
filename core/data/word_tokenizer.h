#pragma once
// Word-level tokenizer: whitespace-separated words with a fixed vocabulary.

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/data/tokenizer.h"

namespace tfw {

class WordTokenizer : public Tokenizer {
  public:
    struct Options {
        int min_freq = 1;  // words seen fewer times are left out (encode to <unk>)
        int max_size = 0;  // largest vocabulary, reserved ids included; 0 = no cap
        bool lowercase = false;
    };

    // What training left out, for the log.
    struct TrainStats {
        int64_t distinct_words = 0;  // reserved pieces not counted
        int64_t below_min_freq = 0;
        int64_t over_cap = 0;
    };

    // Builds the vocabulary from the words of every line of every text: most frequent
    // first, ties in byte order of the word, so the result depends only on the data.
    static std::shared_ptr<WordTokenizer> train(
        const std::vector<const std::vector<std::string>*>& texts, const Options& options,
        TrainStats* stats = nullptr);
    // Rebuilds from serialize(). Throws std::runtime_error on malformed bytes.
    static std::shared_ptr<WordTokenizer> deserialize(const std::string& bytes);

    // words[0..3] must be the reserved pieces <pad> <unk> <s> </s>.
    WordTokenizer(std::vector<std::string> words, bool lowercase);

    std::string type_name() const override { return "word"; }
    int vocab_size() const override { return static_cast<int>(words_.size()); }
    std::vector<int> encode(const std::string& text) const override;
    std::string decode(const std::vector<int>& ids) const override;
    std::vector<std::string> pieces(const std::string& text) const override;
    std::string piece(int id) const override;
    // A header line "tfw-word-vocab 1 lowercase=0|1", then one word per line in id order
    // (the reserved pieces included).
    std::string serialize() const override;

    bool lowercase() const { return lowercase_; }

  private:
    std::vector<std::string> words_;
    std::unordered_map<std::string, int> ids_;
    bool lowercase_;
};

// Splits on ASCII whitespace; empty words are never produced.
std::vector<std::string> split_words(const std::string& text);

}  // namespace tfw
