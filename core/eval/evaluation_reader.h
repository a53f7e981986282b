#pragma once
// The one reader of saved evaluations (RUN_DIR/evals/*.json, written by to_json): the Evaluate
// area, the comparison and the tests read results through it, never by their JSON keys.
// Files of every earlier version load: metrics are found by their registry keys.

#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/eval/evaluation.h"

namespace tfw {

class EvaluationFileError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// Throws EvaluationFileError when `j` is not an evaluation object.
Evaluation evaluation_from_json(const nlohmann::json& j);

// Throws EvaluationFileError naming the file when it cannot be read or parsed.
Evaluation read_evaluation(const std::string& path);

// Every readable evaluation of the run, oldest first (by created_at, then file name); files
// being written or not ours are skipped.
std::vector<Evaluation> read_evaluations(const std::string& run_dir);

}  // namespace tfw
