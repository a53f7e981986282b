#include "app/cli/score_inputs.h"

#include <stdexcept>

#include "core/data/data_error.h"
#include "core/data/text_reader.h"

namespace tfw::cli {

namespace {

std::vector<std::string> read_segments(const std::string& path) {
    auto lines = read_text_lines(path);
    if (lines.empty()) throw DataError(path, 0, "file is empty");
    return lines;
}

}  // namespace

ScoreInputs read_score_inputs(const std::string& hyp_path,
                              const std::vector<std::string>& ref_paths) {
    ScoreInputs inputs;
    inputs.hypotheses = read_segments(hyp_path);
    const size_t hyp_lines = inputs.hypotheses.size();
    // Every reference file must pair one line with each hypothesis line.
    for (const auto& path : ref_paths) {
        inputs.references.push_back(read_segments(path));
        if (inputs.references.back().size() != hyp_lines)
            throw std::runtime_error("hypothesis file " + hyp_path + " has " +
                                     std::to_string(hyp_lines) + " lines but reference file " +
                                     path + " has " +
                                     std::to_string(inputs.references.back().size()) + " lines");
    }
    return inputs;
}

}  // namespace tfw::cli
