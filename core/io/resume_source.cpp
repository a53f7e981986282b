#include "core/io/resume_source.h"

#include <algorithm>
#include <filesystem>
#include <utility>
#include <vector>

#include "core/io/checkpoint.h"

namespace fs = std::filesystem;

namespace tfw {

std::string resume_checkpoint_path(const RunPaths& paths, const std::string& from) {
    if (from.empty()) return paths.last_checkpoint();
    std::error_code ec;
    if (fs::exists(from, ec) || fs::path(from).has_parent_path()) return from;
    return (fs::path(paths.checkpoints()) / from).string();
}

std::string newest_intact_checkpoint(const RunPaths& paths, const std::string& except) {
    std::vector<std::pair<int64_t, std::string>> candidates;  // step, path
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(paths.checkpoints(), ec)) {
        const std::string path = entry.path().string();
        if (entry.path().extension() != ".tfw" || fs::equivalent(path, except, ec)) continue;
        try {
            candidates.emplace_back(load_checkpoint_summary(path).position.step, path);
        } catch (const CheckpointError&) {
        }
    }
    std::sort(candidates.begin(), candidates.end(), [](const auto& a, const auto& b) {
        return a.first != b.first ? a.first > b.first : a.second < b.second;
    });
    for (const auto& [step, path] : candidates) {
        try {
            load_checkpoint(path);
            return path;
        } catch (const CheckpointError&) {
        }
    }
    return "";
}

Checkpoint load_resume_checkpoint(const RunPaths& paths, const std::string& source) {
    try {
        return load_checkpoint(source);
    } catch (const CheckpointError& e) {
        const std::string intact = newest_intact_checkpoint(paths, source);
        if (intact.empty())
            throw CheckpointError(std::string(e.what()) +
                                  ". No other checkpoint of the run is intact; the run's status "
                                  "is left as it was");
        const std::string name = fs::path(intact).filename().string();
        throw CheckpointError(std::string(e.what()) + ". " + name + " (step " +
                              std::to_string(load_checkpoint_summary(intact).position.step) +
                              ") is intact: `tfw resume " + paths.dir + " --from " + name +
                              "` continues from it; the run's status is left as it was");
    }
}

}  // namespace tfw
