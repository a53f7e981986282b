#include "core/data/tokenizer_factory.h"

#include <chrono>
#include <cstdio>

#include "core/config/config_error.h"
#include "core/data/sentencepiece_tokenizer.h"
#include "core/data/word_tokenizer.h"

namespace tfw {
namespace {

using Texts = std::vector<const std::vector<std::string>*>;

std::shared_ptr<Tokenizer> train_one(const TokenizerConfig& config, const Texts& texts,
                                     const std::string& side, const DataLog& log) {
    if (config.type == TokenizerType::Word) {
        WordTokenizer::Options options;
        options.min_freq = config.min_freq;
        options.max_size = config.vocab_size;
        options.lowercase = config.lowercase;
        WordTokenizer::TrainStats stats;
        auto tokenizer = WordTokenizer::train(texts, options, &stats);
        std::string message = side + "word vocabulary: " + std::to_string(tokenizer->vocab_size()) +
                              " entries from " + std::to_string(stats.distinct_words) +
                              " distinct words";
        if (stats.below_min_freq > 0)
            message += "; " + std::to_string(stats.below_min_freq) +
                       " seen fewer than tokenizer.min_freq (" + std::to_string(config.min_freq) +
                       ") times become <unk>";
        if (stats.over_cap > 0)
            message += "; " + std::to_string(stats.over_cap) +
                       " more become <unk> under tokenizer.vocab_size (" +
                       std::to_string(config.vocab_size) + ", the 4 reserved ids included)";
        log(LogLevel::Info, message);
        return tokenizer;
    }
    SentencePieceTokenizer::Options options;
    options.model_type = config.model_type;
    options.vocab_size = config.vocab_size;
    options.lowercase = config.lowercase;
    const auto start = std::chrono::steady_clock::now();
    auto tokenizer = SentencePieceTokenizer::train(texts, options);
    const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%.1f", took.count());
    log(LogLevel::Info, "trained " + side + "sentencepiece " +
                            (config.model_type == SubwordModel::Bpe ? "bpe" : "unigram") +
                            " vocabulary of " + std::to_string(tokenizer->vocab_size()) +
                            " pieces in " + seconds + " s");
    return tokenizer;
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
        auto shared = train_one(tc, {&train_src, &train_tgt}, "", log);
        return {shared, shared};
    }
    return {train_one(tc, {&train_src}, "source ", log),
            train_one(tc, {&train_tgt}, "target ", log)};
}

}  // namespace tfw
