#include "core/io/tokenizer_source.h"

#include <filesystem>

#include "core/config/config_error.h"
#include "core/data/data_error.h"
#include "core/data/sentencepiece_tokenizer.h"
#include "core/data/split_reader.h"
#include "core/data/text_reader.h"
#include "core/data/tokenizer_factory.h"
#include "core/io/checkpoint.h"
#include "core/io/run_management.h"

namespace tfw {
namespace {

// The last name of the path, also of a folder written with a trailing '/'.
std::string file_name(const std::string& path) {
    const std::filesystem::path normal = std::filesystem::path(path).lexically_normal();
    return (normal.has_filename() ? normal : normal.parent_path()).filename().string();
}

std::string settings_label(const TokenizerConfig& settings) {
    if (settings.type == TokenizerType::Word)
        return settings.vocab_size > 0 ? "word " + std::to_string(settings.vocab_size) : "word";
    return std::string(settings.model_type == SubwordModel::Bpe ? "bpe " : "unigram ") +
           std::to_string(settings.vocab_size);
}

SourcedTokenizer pick(const TokenizerPair& pair, TokenizerSide side, std::string label) {
    const bool shared = pair.src == pair.tgt || !pair.src;
    SourcedTokenizer result{side == TokenizerSide::Source && pair.src ? pair.src : pair.tgt,
                            std::move(label), shared};
    if (!shared) result.label += std::string(" (") + side_name(side) + ")";
    return result;
}

SourcedTokenizer from_checkpoint(const std::string& path, TokenizerSide side, std::string label) {
    const Checkpoint checkpoint = load_checkpoint(path, /*with_training_state=*/false);
    TokenizerPair pair;
    pair.tgt = deserialize_tokenizer(checkpoint.tgt_tokenizer_type, checkpoint.tgt_tokenizer);
    pair.src = checkpoint.src_tokenizer == checkpoint.tgt_tokenizer
                   ? pair.tgt
                   : deserialize_tokenizer(checkpoint.src_tokenizer_type, checkpoint.src_tokenizer);
    return pick(pair, side, std::move(label));
}

SourcedTokenizer trained_on_corpus(const TokenizerSource& source, const DataLog& log) {
    const TokenizerConfig& settings = source.settings;
    if (settings.type == TokenizerType::SentencePiece && settings.vocab_size < 5)
        throw ConfigError(
            "a sentencepiece vocabulary size must be at least 5 (the 4 reserved ids "
            "and one piece), not " +
            std::to_string(settings.vocab_size));
    if (settings.vocab_size < 0)
        throw ConfigError("a word vocabulary size must be 0 (no cap) or more, not " +
                          std::to_string(settings.vocab_size));
    // A language model's tokenizer is trained on its one text: the same code as training.
    ExperimentConfig config;
    config.task = Task::LanguageModel;
    config.tokenizer = settings;
    config.tokenizer.model.clear();
    const std::vector<std::string> lines = read_text_lines(source.path);
    if (lines.empty()) throw DataError(source.path, 0, "no text to train a tokenizer on");
    const TokenizerPair pair = build_tokenizers(config, {}, lines, log);
    return {pair.tgt, settings_label(settings) + " trained on " + file_name(source.path), true};
}

}  // namespace

const char* side_name(TokenizerSide side) {
    return side == TokenizerSide::Source ? "source" : "target";
}

std::string describe_tokenizer(const Tokenizer& tokenizer) {
    const bool word = tokenizer.type_name() == "word";
    return tokenizer.type_name() + ", " + std::to_string(tokenizer.vocab_size()) +
           (word ? " words" : " pieces");
}

SourcedTokenizer load_tokenizer(const TokenizerSource& source, const DataLog& log) {
    const DataLog quiet = [](LogLevel, const std::string&) {};
    switch (source.origin) {
        case TokenizerOrigin::Run: {
            std::error_code ec;
            if (!std::filesystem::is_directory(source.path, ec))
                throw DataError(source.path, 0, "no such run folder");
            const std::string checkpoint = preferred_checkpoint(source.path);
            if (checkpoint.empty())
                throw DataError(source.path, 0,
                                "the run has no checkpoint yet (checkpoints/best.tfw or last.tfw)");
            return from_checkpoint(checkpoint, source.side, "run " + file_name(source.path));
        }
        case TokenizerOrigin::Checkpoint:
            return from_checkpoint(source.path, source.side, file_name(source.path));
        case TokenizerOrigin::Model:
            return {SentencePieceTokenizer::load(source.path), file_name(source.path), true};
        case TokenizerOrigin::Corpus:
            return trained_on_corpus(source, log ? log : quiet);
        case TokenizerOrigin::Experiment: {
            const ExperimentConfig& config = source.experiment;
            const RawSplit train = read_split(config, Split::Train);
            const TokenizerPair pair =
                build_tokenizers(config, train.src, train.tgt, log ? log : quiet);
            const std::string label = config.tokenizer.model.empty()
                                          ? settings_label(config.tokenizer) + " trained on " +
                                                config.name + "'s training text"
                                          : file_name(config.tokenizer.model);
            return pick(pair, source.side, label);
        }
    }
    throw ConfigError("unknown tokenizer origin");
}

}  // namespace tfw
