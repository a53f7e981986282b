#pragma once
// A run's scalars by tag, as its TensorBoard files hold them (tags: core/io/report_scalars.h),
// read from history.jsonl and the saved evaluations; and their CSV/JSON export.

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace tfw {

struct ScalarPoint {
    double wall_time = 0;  // seconds since the epoch
    int64_t step = 0;
    double value = 0;
};
using ScalarSeries = std::map<std::string, std::vector<ScalarPoint>>;  // by tag, in step order

// Reports: wall time is the run's start (status.json) plus the report's training time, so a
// resumed run's pause does not show. Evaluations: when they were made, at the checkpoint's step.
ScalarSeries run_scalars(const std::string& run_dir);

struct RunScalars {
    std::string run;  // as named in the export (the run folder's name)
    ScalarSeries series;
};

// Each run once (a folder given twice is read once), named by its folder, or by the path
// given where two folders share a name.
std::vector<RunScalars> read_run_scalars(const std::vector<std::string>& run_dirs);

enum class ScalarFormat { Csv, Json };

// One run and one tag: exactly TensorBoard's download (CSV `Wall time,Step,Value`, JSON
// `[[wall time, step, value], ...]`). Otherwise CSV `Run,Tag,Wall time,Step,Value` and JSON
// `{run: {tag: [[wall time, step, value], ...]}}`. Empty `tags`: every tag of every run.
// Throws std::invalid_argument for a tag no run has, naming those there are.
std::string format_scalars(const std::vector<RunScalars>& runs,
                           const std::vector<std::string>& tags, ScalarFormat format);

// Every tag of the runs, sorted.
std::vector<std::string> scalar_tags(const std::vector<RunScalars>& runs);

}  // namespace tfw
