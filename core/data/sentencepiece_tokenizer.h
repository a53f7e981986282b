#pragma once
// Subword tokenizer backed by the sentencepiece library (BPE or unigram models).

#include <memory>
#include <string>
#include <vector>

#include "core/config/experiment_config.h"
#include "core/data/sentencepiece_module.h"
#include "core/data/tokenizer.h"

namespace tfw {

class SentencePieceTokenizer : public Tokenizer {
  public:
    struct Options {
        SubwordModel model_type = SubwordModel::Bpe;
        int vocab_size = 8000;  // reserved ids included
        // Case folding is trained into the model (normalization rule nmt_nfkc_cf), so the
        // saved .model lowercases by itself, also in the Python package.
        bool lowercase = false;
    };

    // Trains on the lines of every text (at most 1M sentences, sampled deterministically).
    // The result does not depend on train.seed. Throws ConfigError when vocab_size is more
    // than the text can fill, naming the largest size it supports.
    static std::shared_ptr<SentencePieceTokenizer> train(
        const std::vector<const std::vector<std::string>*>& texts, const Options& options);
    // A model proto (the bytes of a .model file). Throws std::runtime_error when it is not
    // one or does not reserve ids 0..3 as <pad> <unk> <s> </s>.
    static std::shared_ptr<SentencePieceTokenizer> deserialize(const std::string& bytes);
    // Reads a .model file. Throws DataError naming the file.
    static std::shared_ptr<SentencePieceTokenizer> load(const std::string& path);

    // Throws std::runtime_error when the model does not reserve ids 0..3.
    explicit SentencePieceTokenizer(std::unique_ptr<spm::Model> model);

    std::string type_name() const override { return "sentencepiece"; }
    int vocab_size() const override;
    std::vector<int> encode(const std::string& text) const override;
    std::string decode(const std::vector<int>& ids) const override;
    std::vector<std::string> pieces(const std::string& text) const override;
    std::string piece(int id) const override;
    std::string serialize() const override;

  private:
    std::unique_ptr<spm::Model> model_;
};

}  // namespace tfw
