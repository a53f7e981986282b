#include "core/compare/compare_item.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>

#include "core/config/config_io.h"
#include "core/eval/evaluation_reader.h"
#include "core/io/checkpoint.h"

namespace fs = std::filesystem;

namespace tfw {
namespace {

using json = nlohmann::json;

std::vector<ValuePoint> series(const RunHistory& history, double ValidationReport::*field) {
    std::vector<ValuePoint> points;
    for (const auto& v : history.validations) points.push_back({v.step, v.*field});
    return points;
}

void summarize_history(CompareItem& item) {
    item.valid_loss = summarize(series(item.history, &ValidationReport::loss), true);
    item.valid_perplexity = summarize(series(item.history, &ValidationReport::perplexity), true);
    item.valid_accuracy = summarize(series(item.history, &ValidationReport::accuracy), false);
    if (!item.history.steps.empty()) {
        const StepReport& last = item.history.steps.back();
        item.steps = std::max(item.steps, last.step);
        item.tokens_seen = std::max(item.tokens_seen, last.tokens_seen);
        item.elapsed_s = std::max(item.elapsed_s, last.elapsed_s);
    }
}

void read_header_of(CompareItem& item, const Checkpoint& c) {
    item.parameters = c.parameters;
    item.src_vocab = c.src_vocab;
    item.tgt_vocab = c.tgt_vocab;
}

CompareItem load_run(const std::string& dir) {
    CompareItem item;
    item.path = dir;
    item.is_run = true;
    item.label = fs::path(dir).lexically_normal().filename().string();
    if (item.label.empty())
        item.label = fs::path(dir).lexically_normal().parent_path().filename().string();
    const RunPaths paths(dir);
    std::ifstream in(paths.config());
    item.config = json::parse(in, nullptr, false);
    if (item.config.is_discarded() || !item.config.is_object())
        throw CompareError(paths.config() + ": not a readable configuration");
    const RunStatus status = read_run_status(dir);
    item.state = status.state;
    item.steps = status.step;
    item.elapsed_s = status.elapsed_s;
    item.history = read_history(dir);
    for (const auto& checkpoint : {paths.last_checkpoint(), paths.best_checkpoint()}) {
        if (!fs::exists(checkpoint)) continue;
        try {
            read_header_of(item, load_checkpoint_summary(checkpoint));
            break;
        } catch (const std::exception&) {
            // a checkpoint being replaced right now: the parameter count stays unknown
        }
    }
    const auto evals = read_evaluations(dir);
    if (!evals.empty()) item.latest_eval = evals.back();
    return item;
}

CompareItem load_checkpoint_item(const std::string& file) {
    Checkpoint c;
    try {
        c = load_checkpoint_summary(file);
    } catch (const CheckpointError& e) {
        throw CompareError(e.what());
    }
    CompareItem item;
    item.path = file;
    item.state = "checkpoint";
    const fs::path path = fs::absolute(file).lexically_normal();
    // RUN/checkpoints/best.tfw: named after its run, and that run's evaluations of it count.
    const fs::path run_dir = path.parent_path().parent_path();
    const bool in_run = path.parent_path().filename() == "checkpoints" &&
                        fs::exists(RunPaths(run_dir.string()).config());
    item.label = in_run ? run_dir.filename().string() + "/" + path.filename().string()
                        : path.filename().string();
    item.config = to_json(c.config);
    item.history = parse_history(c.history);
    item.steps = c.position.step;
    item.tokens_seen = c.position.tokens_seen;
    item.elapsed_s = c.position.elapsed_s;
    read_header_of(item, c);
    if (in_run) {
        std::error_code ec;
        for (const auto& eval : read_evaluations(run_dir.string()))
            if (fs::equivalent(eval.checkpoint, path, ec)) item.latest_eval = eval;
    }
    return item;
}

}  // namespace

SeriesSummary summarize(const std::vector<ValuePoint>& points, bool lower_is_better) {
    const double nan = std::nan("");
    SeriesSummary s{nan, nan, nan, nan};
    for (const auto& p : points) {
        if (std::isnan(p.value)) continue;
        if (s.count++ == 0) {
            s.best = s.min = s.max = p.value;
            s.best_step = p.step;
        }
        s.min = std::min(s.min, p.value);
        s.max = std::max(s.max, p.value);
        if (lower_is_better ? p.value < s.best : p.value > s.best) {
            s.best = p.value;
            s.best_step = p.step;
        }
        s.last = p.value;
    }
    return s;
}

CompareItem load_compare_item(const std::string& path) {
    CompareItem item;
    if (fs::is_directory(path)) {
        if (!fs::exists(RunPaths(path).config()))
            throw CompareError(path + " is a folder without config.json: not a run folder");
        item = load_run(path);
    } else if (fs::exists(path)) {
        item = load_checkpoint_item(path);
    } else {
        throw CompareError(path + ": no such run folder or checkpoint");
    }
    item.task = item.config.value("task", "");
    summarize_history(item);
    return item;
}

}  // namespace tfw
