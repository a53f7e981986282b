#pragma once
// One thing being compared: a run folder or a lone checkpoint, read into the numbers the
// comparison shows. A run is read from config.json, status.json, history.jsonl and evals/;
// a checkpoint from its header and the history it carries.

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/eval/evaluation.h"
#include "core/io/run_directory.h"

namespace tfw {

class CompareError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// best/last/min/max of a validation series; NaN where there is none.
struct SeriesSummary {
    double best, last, min, max;
    int64_t best_step = 0;
    size_t count = 0;
};
struct ValuePoint {
    int64_t step = 0;
    double value = 0;
};
// NaN values are skipped; ties keep the earliest step as the best.
SeriesSummary summarize(const std::vector<ValuePoint>& points, bool lower_is_better);

struct CompareItem {
    std::string path;   // as given
    std::string label;  // run folder name, or "run/file.tfw" for a checkpoint inside a run
    bool is_run = false;
    std::string state;      // run: status.json state; checkpoint: "checkpoint"
    nlohmann::json config;  // as written
    std::string task;       // config "task"
    RunHistory history;
    int64_t steps = 0;
    int64_t tokens_seen = 0;
    double elapsed_s = 0;
    int64_t parameters = 0;  // 0 when no checkpoint says
    int64_t src_vocab = 0, tgt_vocab = 0;
    SeriesSummary valid_loss, valid_perplexity, valid_accuracy;
    std::optional<Evaluation> latest_eval;  // the newest saved one (of this very checkpoint)
};

// Throws CompareError saying why the path is neither a run folder nor a readable checkpoint.
CompareItem load_compare_item(const std::string& path);

}  // namespace tfw
