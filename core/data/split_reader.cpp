#include "core/data/split_reader.h"

#include "core/config/config_error.h"
#include "core/config/config_io.h"
#include "core/data/data_error.h"
#include "core/data/synthetic_task.h"
#include "core/data/text_reader.h"

namespace tfw {
namespace {

struct SplitFiles {
    const std::string& text;  // language model
    const std::string& src;   // seq2seq
    const std::string& tgt;
};

SplitFiles files_of(const DataConfig& d, Split split) {
    switch (split) {
        case Split::Train:
            return {d.train, d.train_src, d.train_tgt};
        case Split::Valid:
            return {d.valid, d.valid_src, d.valid_tgt};
        case Split::Test:
            break;
    }
    return {d.test, d.test_src, d.test_tgt};
}

std::string require_path(const ExperimentConfig& config, const std::string& key,
                         const std::string& value) {
    if (value.empty()) throw ConfigError(key + " is empty: choose a file");
    return resolve_data_path(config, value);
}

RawSplit read_parallel(const std::string& src_file, const std::string& tgt_file) {
    RawSplit split;
    split.src_file = src_file;
    split.tgt_file = tgt_file;
    split.src = read_text_lines(src_file);
    split.tgt = read_text_lines(tgt_file);
    if (split.src.size() != split.tgt.size())
        throw DataError(tgt_file, 0,
                        "has " + std::to_string(split.tgt.size()) + " lines but " + src_file +
                            " has " + std::to_string(split.src.size()) +
                            "; parallel files must align line by line");
    return split;
}

RawSplit read_plain(const std::string& file) {
    RawSplit split;
    split.tgt_file = file;
    split.tgt = read_text_lines(file);
    return split;
}

RawSplit read_files(const ExperimentConfig& config, Split split) {
    const SplitFiles files = files_of(config.data, split);
    const std::string key = std::string("data.") + split_name(split);
    if (config.is_lm()) return read_plain(require_path(config, key, files.text));
    // Named one after the other: the source's key is the one reported when both are unset.
    const std::string src = require_path(config, key + "_src", files.src);
    const std::string tgt = require_path(config, key + "_tgt", files.tgt);
    return read_parallel(src, tgt);
}

RawCorpus generate_synthetic(const ExperimentConfig& config) {
    if (config.is_lm())
        throw ConfigError(
            "data.synthetic (reverse) is a translation task; set task to translation");
    return generate_reverse_task(static_cast<uint64_t>(config.train.seed));
}

bool is_synthetic(const ExperimentConfig& config) {
    return config.data.synthetic == Synthetic::Reverse;
}

}  // namespace

const char* split_name(Split split) {
    switch (split) {
        case Split::Train:
            return "train";
        case Split::Valid:
            return "valid";
        case Split::Test:
            break;
    }
    return "test";
}

bool has_split(const ExperimentConfig& config, Split split) {
    if (is_synthetic(config)) return true;
    const SplitFiles files = files_of(config.data, split);
    if (config.is_lm()) return !files.text.empty();
    return !files.src.empty() || !files.tgt.empty();
}

RawSplit read_split(const ExperimentConfig& config, Split split) {
    if (!is_synthetic(config)) return read_files(config, split);
    RawCorpus corpus = generate_synthetic(config);
    return split == Split::Train   ? std::move(corpus.train)
           : split == Split::Valid ? std::move(corpus.valid)
                                   : std::move(corpus.test);
}

RawCorpus read_corpus(const ExperimentConfig& config) {
    if (is_synthetic(config)) return generate_synthetic(config);
    RawCorpus corpus;
    corpus.train = read_files(config, Split::Train);
    corpus.valid = read_files(config, Split::Valid);
    if (has_split(config, Split::Test)) corpus.test = read_files(config, Split::Test);
    return corpus;
}

}  // namespace tfw
