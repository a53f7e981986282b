#include "ui/common/run_listing.h"

#include <algorithm>
#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "core/sweep/sweep_state.h"

namespace tfw {

int64_t lastLoggedStep(const std::string& historyPath) {
    std::ifstream in(historyPath, std::ios::binary | std::ios::ate);
    if (!in) return 0;
    // The last lines are enough: a validation line or two may follow the newest step line.
    const std::streamoff size = in.tellg();
    const std::streamoff start = std::max<std::streamoff>(0, size - 16384);
    in.seekg(start);
    std::string tail(static_cast<size_t>(size - start), '\0');
    in.read(tail.data(), static_cast<std::streamsize>(tail.size()));
    size_t end = tail.size();
    while (end > 0) {
        const size_t begin = tail.rfind('\n', end - 1);
        const size_t from = begin == std::string::npos ? 0 : begin + 1;
        // The first line of the tail may be cut: only whole lines count.
        if (begin == std::string::npos && start > 0) break;
        const auto line = nlohmann::json::parse(tail.substr(from, end - from), nullptr, false);
        if (line.is_object() && line.value("kind", "") == "step")
            return line.value("step", int64_t(0));
        if (begin == std::string::npos) break;
        end = begin;
    }
    return 0;
}

std::vector<RunSummary> listRunsAndSweepRuns(const QString& runsRoot) {
    const std::string root = runsRoot.toStdString();
    std::vector<RunSummary> runs = list_runs(root);
    std::error_code error;
    for (const auto& entry : std::filesystem::directory_iterator(root, error)) {
        if (!entry.is_directory() || !is_sweep_dir(entry.path().string())) continue;
        const std::string sweep = entry.path().filename().string();
        for (RunSummary& run : list_runs((entry.path() / "runs").string())) {
            run.name = sweep + " / " + run.name;
            runs.push_back(std::move(run));
        }
    }
    for (RunSummary& run : runs)
        if (run.status.state == "running")
            run.status.step =
                std::max(run.status.step, lastLoggedStep(RunPaths(run.dir).history()));
    std::stable_sort(runs.begin(), runs.end(), [](const RunSummary& a, const RunSummary& b) {
        return a.status.started_at > b.status.started_at;
    });
    return runs;
}

}  // namespace tfw
