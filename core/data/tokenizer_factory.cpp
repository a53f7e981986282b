#include "core/data/tokenizer_factory.h"

#include "core/config/config_error.h"
#include "core/data/sentencepiece_tokenizer.h"
#include "core/data/word_tokenizer.h"

namespace tfw {
namespace {

using Texts = std::vector<const std::vector<std::string>*>;

std::shared_ptr<Tokenizer> train_one(const TokenizerConfig& config, const Texts& texts) {
    if (config.type == TokenizerType::Word) {
        WordTokenizer::Options options;
        options.min_freq = config.min_freq;
        options.max_size = config.vocab_size;
        options.lowercase = config.lowercase;
        return WordTokenizer::train(texts, options);
    }
    SentencePieceTokenizer::Options options;
    options.model_type = config.model_type;
    options.vocab_size = config.vocab_size;
    options.lowercase = config.lowercase;
    return SentencePieceTokenizer::train(texts, options);
}

}  // namespace

TokenizerPair build_tokenizers(const ExperimentConfig& config,
                               const std::vector<std::string>& train_src,
                               const std::vector<std::string>& train_tgt, const DataLog& log) {
    const TokenizerConfig& tc = config.tokenizer;
    if (!tc.model.empty()) {
        if (tc.type != TokenizerType::SentencePiece)
            throw ConfigError("tokenizer.model (" + tc.model +
                              ") needs tokenizer.type sentencepiece");
        // A loaded model keeps its own normalization; lowercasing outside it would be lost
        // when the tokenizer is restored from a checkpoint.
        if (tc.lowercase)
            throw ConfigError("tokenizer.lowercase cannot be combined with tokenizer.model (" +
                              tc.model +
                              "): the model's own normalization decides casing (train it "
                              "with --normalization_rule_name=nmt_nfkc_cf to lowercase)");
        auto loaded = SentencePieceTokenizer::load(tc.model);
        log(LogLevel::Info, "loaded sentencepiece model " + tc.model + " (" +
                                std::to_string(loaded->vocab_size()) + " pieces) for both sides");
        return {loaded, loaded};
    }
    if (config.is_lm() || tc.shared) {
        auto shared = train_one(tc, {&train_src, &train_tgt});
        return {shared, shared};
    }
    return {train_one(tc, {&train_src}), train_one(tc, {&train_tgt})};
}

}  // namespace tfw
