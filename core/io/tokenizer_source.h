#pragma once
// Where a tokenizer to inspect comes from: a run's or a checkpoint's saved tokenizers, a
// sentencepiece .model file, or one trained on the spot, exactly as training would train it.

#include <memory>
#include <string>

#include "core/config/experiment_config.h"
#include "core/data/dataset.h"
#include "core/data/tokenizer.h"

namespace tfw {

enum class TokenizerOrigin {
    Run,         // path: a run folder; its best.tfw, else last.tfw
    Checkpoint,  // path: a .tfw file
    Model,       // path: a sentencepiece .model file
    Corpus,      // path: a text file (plain or gzip) to train on with `settings`
    Experiment,  // the tokenizers `experiment` would train (or load) for its training split
};

enum class TokenizerSide { Source, Target };

struct TokenizerSource {
    TokenizerOrigin origin = TokenizerOrigin::Model;
    std::string path;
    TokenizerConfig settings;     // Corpus: type, model_type, vocab_size, lowercase, min_freq
    ExperimentConfig experiment;  // Experiment only
    TokenizerSide side = TokenizerSide::Target;  // which of a pair that is not shared
};

struct SourcedTokenizer {
    std::shared_ptr<Tokenizer> tokenizer;
    std::string label;   // where it came from, e.g. "bpe 2000 trained on news.txt"
    bool shared = true;  // false: source and target differ and `side` chose one
};

// Loads or trains the tokenizer. Training reports through log. Throws ConfigError for
// unusable settings, DataError / CheckpointError naming the file.
SourcedTokenizer load_tokenizer(const TokenizerSource& source, const DataLog& log = {});

// "sentencepiece, 2000 pieces" / "word, 913 words": what the tokenizer is.
std::string describe_tokenizer(const Tokenizer& tokenizer);

const char* side_name(TokenizerSide side);  // "source" / "target"

}  // namespace tfw
