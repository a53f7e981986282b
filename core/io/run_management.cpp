#include "core/io/run_management.h"

#include <filesystem>
#include <system_error>

#include "core/config/config_error.h"
#include "core/io/run_directory.h"
#include "core/io/run_lock.h"

namespace tfw {
namespace fs = std::filesystem;
namespace {

// Throws unless run_dir is a run no live process trains.
void require_idle_run(const std::string& run_dir, const std::string& action) {
    if (!fs::is_regular_file(RunPaths(run_dir).config()))
        throw ConfigError(run_dir + " is not a run folder (it has no config.json)");
    const std::string holder = run_locked_by(run_dir);
    if (!holder.empty())
        throw RunLockedError("cannot " + action + " " + run_dir + ": it is being trained by " +
                             holder + " right now");
}

}  // namespace

std::string preferred_checkpoint(const std::string& run_dir) {
    const RunPaths paths(run_dir);
    for (const std::string& path : {paths.best_checkpoint(), paths.last_checkpoint()})
        if (fs::is_regular_file(path)) return path;
    return {};
}

std::string run_name_problem(const std::string& name) {
    if (name.empty()) return "a run name cannot be empty";
    if (name.find_first_of("/\\") != std::string::npos)
        return "a run name cannot contain '/' or '\\' (got '" + name + "')";
    if (name.front() == '.') return "a run name cannot start with a dot (got '" + name + "')";
    return {};
}

std::string rename_run(const std::string& run_dir, const std::string& new_name) {
    if (const std::string problem = run_name_problem(new_name); !problem.empty())
        throw ConfigError(problem);
    require_idle_run(run_dir, "rename");
    const fs::path from = fs::path(run_dir).lexically_normal();
    const fs::path to = (from.has_filename() ? from : from.parent_path()).parent_path() / new_name;
    if (fs::exists(to))
        throw ConfigError("cannot rename " + run_dir + " to " + new_name + ": " + to.string() +
                          " exists already");
    std::error_code error;
    fs::rename(from, to, error);
    if (error)
        throw ConfigError("cannot rename " + run_dir + " to " + new_name + ": " + error.message());
    return to.string();
}

void delete_run(const std::string& run_dir) {
    require_idle_run(run_dir, "delete");
    std::error_code error;
    fs::remove_all(run_dir, error);
    if (error)
        throw ConfigError("some files of " + run_dir + " could not be deleted: " + error.message());
}

}  // namespace tfw
