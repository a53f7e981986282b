#pragma once
// The files `tfw score` reads: one hypothesis file and its reference files, checked to pair
// line by line. Apart from the command so that it can be fuzzed (fuzz/fuzz_score.cpp).

#include <string>
#include <vector>

namespace tfw::cli {

struct ScoreInputs {
    std::vector<std::string> hypotheses;               // one segment per line
    std::vector<std::vector<std::string>> references;  // per file, line i pairs with hypothesis i
};

// Throws DataError naming the file for a missing, unreadable, non-UTF-8 or empty file, and
// std::runtime_error naming both files when a reference file's line count differs.
ScoreInputs read_score_inputs(const std::string& hyp_path,
                              const std::vector<std::string>& ref_paths);

}  // namespace tfw::cli
