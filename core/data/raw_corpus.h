#pragma once
// Text as read from the corpus files (or generated), before tokenization; split_reader.h
// reads it.

#include <string>
#include <vector>

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

}  // namespace tfw
