#pragma once
// Which checkpoint a resumed run continues from: checkpoints/last.tfw, or one the user names
// (`tfw resume RUN --from step-40.tfw`) when last.tfw is damaged.

#include <string>

#include "core/io/checkpoint.h"
#include "core/io/run_directory.h"

namespace tfw {

// `from` empty: last.tfw. Else the file as given when it exists, or the one of that name in the
// run's checkpoints/ folder.
std::string resume_checkpoint_path(const RunPaths& paths, const std::string& from);

// The checkpoint of the run (step-N.tfw, best.tfw, last.tfw) with the highest step that loads
// whole, other than `except`; empty when none does. Each candidate is read in full (its
// checksums checked), newest first, until one passes.
std::string newest_intact_checkpoint(const RunPaths& paths, const std::string& except);

// load_checkpoint(source), whose CheckpointError goes on to name the newest intact checkpoint
// of the run and the command that continues from it, or to say that there is none.
Checkpoint load_resume_checkpoint(const RunPaths& paths, const std::string& source);

}  // namespace tfw
