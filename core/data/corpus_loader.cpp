#include "core/config/config_error.h"
#include "core/config/config_io.h"
#include "core/data/data_error.h"
#include "core/data/raw_corpus.h"
#include "core/data/text_reader.h"

namespace tfw {
namespace {

std::string require_path(const ExperimentConfig& config, const char* key,
                         const std::string& value) {
    if (value.empty()) throw ConfigError(std::string(key) + " is empty: choose a file");
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

}  // namespace

RawCorpus load_raw_corpus(const ExperimentConfig& config) {
    const DataConfig& d = config.data;
    RawCorpus corpus;
    if (config.is_lm()) {
        corpus.train = read_plain(require_path(config, "data.train", d.train));
        corpus.valid = read_plain(require_path(config, "data.valid", d.valid));
        if (!d.test.empty()) corpus.test = read_plain(resolve_data_path(config, d.test));
        return corpus;
    }
    corpus.train = read_parallel(require_path(config, "data.train_src", d.train_src),
                                 require_path(config, "data.train_tgt", d.train_tgt));
    corpus.valid = read_parallel(require_path(config, "data.valid_src", d.valid_src),
                                 require_path(config, "data.valid_tgt", d.valid_tgt));
    if (!d.test_src.empty() || !d.test_tgt.empty())
        corpus.test = read_parallel(require_path(config, "data.test_src", d.test_src),
                                    require_path(config, "data.test_tgt", d.test_tgt));
    return corpus;
}

}  // namespace tfw
