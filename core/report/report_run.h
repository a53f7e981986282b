#pragma once
// What a report reads of one run, loaded once: its configuration, status, history, saved
// evaluations, sanity checks and the versions its checkpoint was written with. Every number a
// report shows comes from here, as the run's files hold it.

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/compare/compare_item.h"
#include "core/config/experiment_config.h"
#include "core/eval/evaluation.h"
#include "core/io/run_directory.h"

namespace tfw {

struct ReportRun {
    std::string dir;
    CompareItem item;  // label, config as written, history, parameters, vocabularies
    ExperimentConfig config;
    RunStatus status;
    std::vector<Evaluation> evaluations;  // oldest first
    nlohmann::json checks;                // checks.json; null when the run has none
    std::string checkpoint;               // best.tfw, else last.tfw; "" when none
    nlohmann::json versions;              // {"tfw", "libtorch"} of that checkpoint
    // As train.log says it of the last start: "cpu (2 threads)", "auto → bf16 (...)"; "" when
    // the log does not say.
    std::string device, precision;

    const std::string& label() const { return item.label; }
    // The newest evaluation of each split the run has, test first.
    std::vector<const Evaluation*> latest_evaluations() const;
};

// Throws std::runtime_error when `dir` is not a run folder.
ReportRun load_report_run(const std::string& dir);

}  // namespace tfw
