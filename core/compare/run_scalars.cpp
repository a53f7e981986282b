#include "core/compare/run_scalars.h"

#include <algorithm>
#include <charconv>
#include <ctime>
#include <filesystem>
#include <set>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "core/eval/evaluation_reader.h"
#include "core/io/report_scalars.h"
#include "core/io/run_directory.h"

namespace tfw {

namespace {
// "2026-11-22T03:15:00Z" as seconds since the epoch; 0 when it is not one.
double epoch_seconds(const std::string& iso) {
    std::tm tm{};
    if (!strptime(iso.c_str(), "%Y-%m-%dT%H:%M:%SZ", &tm)) return 0;
    return double(timegm(&tm));
}

// The shortest text that reads back as the same double, as TensorBoard's Python writes them.
std::string number(double value) {
    char buffer[32];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    return std::string(buffer, result.ptr);
}

void csv_rows(std::string& out, const std::string& prefix, const std::vector<ScalarPoint>& points) {
    for (const ScalarPoint& p : points)
        out += prefix + number(p.wall_time) + "," + std::to_string(p.step) + "," + number(p.value) +
               "\n";
}

nlohmann::ordered_json json_points(const std::vector<ScalarPoint>& points) {
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (const ScalarPoint& p : points) out.push_back({p.wall_time, p.step, p.value});
    return out;
}

// CSV quoting for run names and tags that hold commas or quotes.
std::string csv_field(const std::string& text) {
    if (text.find_first_of(",\"\n") == std::string::npos) return text;
    std::string out = "\"";
    for (char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}
}  // namespace

ScalarSeries run_scalars(const std::string& run_dir) {
    ScalarSeries series;
    const double start = epoch_seconds(read_run_status(run_dir).started_at);
    const RunHistory history = read_history(run_dir);
    for (const StepReport& r : history.steps)
        for (const auto& [tag, value] : report_scalars(r))
            series[tag].push_back({start + r.elapsed_s, r.step, value});
    for (const ValidationReport& r : history.validations)
        for (const auto& [tag, value] : report_scalars(r))
            series[tag].push_back({start + r.elapsed_s, r.step, value});
    for (const Evaluation& e : read_evaluations(run_dir))
        for (const auto& [name, value] : evaluation_scalars(e))
            series[evaluation_tag(e.split, name)].push_back(
                {epoch_seconds(e.created_at), e.checkpoint_step, value});
    for (auto& [tag, points] : series)
        std::stable_sort(
            points.begin(), points.end(),
            [](const ScalarPoint& a, const ScalarPoint& b) { return a.step < b.step; });
    return series;
}

std::vector<RunScalars> read_run_scalars(const std::vector<std::string>& run_dirs) {
    std::vector<std::string> dirs;
    std::set<std::filesystem::path> seen;
    for (const std::string& dir : run_dirs)
        if (seen.insert(std::filesystem::weakly_canonical(dir)).second) dirs.push_back(dir);
    std::multiset<std::string> names;
    for (const std::string& dir : dirs)
        names.insert(std::filesystem::path(dir).filename().string());
    std::vector<RunScalars> runs;
    for (const std::string& dir : dirs) {
        const std::string name = std::filesystem::path(dir).filename().string();
        runs.push_back({names.count(name) > 1 ? dir : name, run_scalars(dir)});
    }
    return runs;
}

std::vector<std::string> scalar_tags(const std::vector<RunScalars>& runs) {
    std::set<std::string> tags;
    for (const RunScalars& run : runs)
        for (const auto& [tag, points] : run.series) tags.insert(tag);
    return {tags.begin(), tags.end()};
}

std::string format_scalars(const std::vector<RunScalars>& runs,
                           const std::vector<std::string>& tags, ScalarFormat format) {
    const std::vector<std::string> known = scalar_tags(runs);
    for (const std::string& tag : tags)
        if (!std::binary_search(known.begin(), known.end(), tag)) {
            std::string list;
            for (const std::string& k : known) list += (list.empty() ? "" : ", ") + k;
            throw std::invalid_argument("no run has the scalar '" + tag +
                                        "'; there are: " + (list.empty() ? "none" : list));
        }
    const std::vector<std::string>& chosen = tags.empty() ? known : tags;
    const auto points_of = [](const RunScalars& run, const std::string& tag) {
        const auto it = run.series.find(tag);
        return it == run.series.end() ? std::vector<ScalarPoint>{} : it->second;
    };

    if (runs.size() == 1 && chosen.size() == 1) {  // TensorBoard's own download
        const std::vector<ScalarPoint> points = points_of(runs[0], chosen[0]);
        if (format == ScalarFormat::Json) return json_points(points).dump() + "\n";
        std::string out = "Wall time,Step,Value\n";
        csv_rows(out, "", points);
        return out;
    }
    if (format == ScalarFormat::Json) {
        nlohmann::ordered_json out = nlohmann::ordered_json::object();
        for (const RunScalars& run : runs)
            for (const std::string& tag : chosen)
                if (run.series.count(tag)) out[run.run][tag] = json_points(points_of(run, tag));
        return out.dump() + "\n";
    }
    std::string out = "Run,Tag,Wall time,Step,Value\n";
    for (const RunScalars& run : runs)
        for (const std::string& tag : chosen)
            csv_rows(out, csv_field(run.run) + "," + csv_field(tag) + ",", points_of(run, tag));
    return out;
}

}  // namespace tfw
