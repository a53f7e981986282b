#pragma once
// Text as read from the corpus files (or generated), before tokenization.

#include <string>
#include <vector>

#include "core/config/experiment_config.h"

namespace tfw {

// One split. seq2seq: aligned src/tgt lines. lm: the lines in tgt, src empty.
// The file names are for messages ("" for generated text).
struct RawSplit {
    std::vector<std::string> src, tgt;
    std::string src_file, tgt_file;
};

struct RawCorpus {
    RawSplit train, valid, test;  // test may be empty
};

// Reads the files config.data names (resolved against data.dir). Throws ConfigError for a
// required file that is not set, DataError for unreadable files or parallel files whose line
// counts differ.
RawCorpus load_raw_corpus(const ExperimentConfig& config);

}  // namespace tfw
