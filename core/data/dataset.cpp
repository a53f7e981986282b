#include "core/data/dataset.h"

#include <stdexcept>

#include "core/data/data_error.h"
#include "core/data/encoding.h"
#include "core/data/raw_corpus.h"
#include "core/data/split_reader.h"
#include "core/data/tokenizer_factory.h"

namespace tfw {
namespace {

std::string source_name(const RawSplit& split) {
    if (!split.src_file.empty()) return split.src_file;
    if (!split.tgt_file.empty()) return split.tgt_file;
    return "synthetic data";
}

// Fails early, before a tokenizer is trained on nothing.
void require_training_text(const ExperimentConfig& config, const RawSplit& train) {
    if (config.is_lm()) {
        for (const auto& line : train.tgt)
            if (!is_blank(line)) return;
        throw DataError(train.tgt_file, 0, "holds no text");
    }
    for (size_t i = 0; i < train.src.size(); ++i)
        if (!is_blank(train.src[i]) && !is_blank(train.tgt[i])) return;
    throw DataError(source_name(train), 0,
                    train.src.empty()
                        ? "holds no text"
                        : "holds no pair with text on both sides (with " + train.tgt_file + ")");
}

std::string count_text(int64_t n, const char* what) {
    return std::to_string(n) + " " + what;
}

void report_pairs(const DataLog& log, const char* name, const RawSplit& split, const Corpus& c,
                  const DataConfig& d) {
    const auto read = static_cast<int64_t>(split.src.size());
    const std::string limits = d.max_src_len == d.max_tgt_len
                                   ? std::to_string(d.max_src_len) + " tokens"
                                   : std::to_string(d.max_src_len) + " source or " +
                                         std::to_string(d.max_tgt_len) + " target tokens";
    if (c.skipped_too_long > 0)
        log(LogLevel::Warning, "skipped " + std::to_string(c.skipped_too_long) + " of " +
                                   std::to_string(read) + " " + name + " pairs longer than " +
                                   limits + " (data.max_src_len, data.max_tgt_len)");
    if (c.skipped_empty > 0)
        log(LogLevel::Warning, "skipped " + std::to_string(c.skipped_empty) + " of " +
                                   std::to_string(read) + " " + name +
                                   " pairs with an empty source or target line");
    if (c.truncated > 0)
        log(LogLevel::Warning, "truncated " + std::to_string(c.truncated) + " of " +
                                   std::to_string(read) + " " + name + " pairs to " + limits);
}

Corpus encode_split(const ExperimentConfig& config, const RawSplit& split, const Tokenizer& src,
                    const Tokenizer& tgt, SplitRole role) {
    if (config.is_lm()) return encode_stream(split, tgt, config.data.max_tgt_len);
    return encode_pairs(split, src, tgt, config.data.max_src_len, config.data.max_tgt_len, role);
}

PreparedData encode_all(const ExperimentConfig& config, const RawCorpus& raw,
                        std::shared_ptr<Tokenizer> src, std::shared_ptr<Tokenizer> tgt,
                        const DataLog& log) {
    PreparedData data;
    data.src_tokenizer = std::move(src);
    data.tgt_tokenizer = std::move(tgt);
    const Tokenizer& s = *data.src_tokenizer;
    const Tokenizer& t = *data.tgt_tokenizer;
    data.train = encode_split(config, raw.train, s, t, SplitRole::Train);
    data.valid = encode_split(config, raw.valid, s, t, SplitRole::Evaluate);
    data.test = encode_split(config, raw.test, s, t, SplitRole::Evaluate);

    const std::string vocab = data.src_tokenizer == data.tgt_tokenizer
                                  ? std::to_string(s.vocab_size()) + " shared"
                                  : std::to_string(s.vocab_size()) + " source, " +
                                        std::to_string(t.vocab_size()) + " target";
    if (config.is_lm()) {
        if (data.train.examples.empty())
            throw DataError(raw.train.tgt_file, 0, "too short for one training window");
        if (data.valid.examples.empty())
            throw DataError(raw.valid.tgt_file, 0, "too short for one validation window");
        log(LogLevel::Info,
            "language-model data: " + count_text(data.train.tgt_tokens, "training tokens") +
                " in " + count_text(static_cast<int64_t>(data.train.examples.size()), "windows") +
                " of " + std::to_string(config.data.max_tgt_len) + ", " +
                count_text(data.valid.tgt_tokens, "validation tokens") + ", " +
                count_text(data.test.tgt_tokens, "test tokens") + "; " + s.type_name() +
                " vocabulary " + std::to_string(s.vocab_size()));
        return data;
    }
    report_pairs(log, "training", raw.train, data.train, config.data);
    report_pairs(log, "validation", raw.valid, data.valid, config.data);
    report_pairs(log, "test", raw.test, data.test, config.data);
    if (data.train.examples.empty())
        throw DataError(
            source_name(raw.train), 0,
            "no usable training pair: " + count_text(data.train.skipped_too_long, "too long") +
                " (data.max_src_len " + std::to_string(config.data.max_src_len) +
                ", data.max_tgt_len " + std::to_string(config.data.max_tgt_len) + "), " +
                count_text(data.train.skipped_empty, "with an empty side"));
    if (data.valid.examples.empty())
        throw DataError(source_name(raw.valid), 0, "holds no validation pairs");
    log(LogLevel::Info,
        "parallel data: " +
            count_text(static_cast<int64_t>(raw.train.src.size()), "training pairs") + " read, " +
            std::to_string(data.train.examples.size()) + " kept (" +
            count_text(data.train.src_tokens, "source") + " / " +
            count_text(data.train.tgt_tokens, "target tokens") + "), " +
            count_text(static_cast<int64_t>(data.valid.examples.size()), "validation") + ", " +
            count_text(static_cast<int64_t>(data.test.examples.size()), "test") + "; " +
            s.type_name() + " vocabulary " + vocab);
    return data;
}

}  // namespace

PreparedData prepare_data(const ExperimentConfig& config, const DataLog& log) {
    const RawCorpus raw = read_corpus(config);
    require_training_text(config, raw.train);
    TokenizerPair tokenizers = build_tokenizers(config, raw.train.src, raw.train.tgt, log);
    return encode_all(config, raw, std::move(tokenizers.src), std::move(tokenizers.tgt), log);
}

PreparedData prepare_data_with(const ExperimentConfig& config,
                               std::shared_ptr<Tokenizer> src_tokenizer,
                               std::shared_ptr<Tokenizer> tgt_tokenizer, const DataLog& log) {
    if (!tgt_tokenizer) throw std::invalid_argument("prepare_data_with: no target tokenizer");
    if (!src_tokenizer) src_tokenizer = tgt_tokenizer;
    const RawCorpus raw = read_corpus(config);
    require_training_text(config, raw.train);
    return encode_all(config, raw, std::move(src_tokenizer), std::move(tgt_tokenizer), log);
}

}  // namespace tfw
