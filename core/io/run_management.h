#pragma once
// What a user does to a run as a whole: pick the checkpoint that stands for it, rename it,
// delete it. Renaming and deleting are refused while a process (this one included) trains the
// run, so no live training loses its folder. Shared by `tfw runs` and the window's Runs area.

#include <string>

namespace tfw {

// best.tfw, else last.tfw (a run stopped before its first validation); empty when neither.
std::string preferred_checkpoint(const std::string& run_dir);

// Problems with a new run name, e.g. "a run name cannot contain '/'"; empty when usable.
std::string run_name_problem(const std::string& name);

// Renames the run's folder in place and returns its new path. Throws ConfigError when the
// name is unusable, a folder of that name exists or the folder is no run, and RunLockedError
// while the run is being trained.
std::string rename_run(const std::string& run_dir, const std::string& new_name);

// Deletes the run's folder with everything in it. Throws like rename_run.
void delete_run(const std::string& run_dir);

}  // namespace tfw
