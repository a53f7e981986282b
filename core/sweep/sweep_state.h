#pragma once
// A sweep folder on disk:
//   SWEEP/sweep.json     the spec and the queue: one entry per run with its state
//   SWEEP/runs/NAME/     one ordinary run folder per run (core/io/run_directory.h)
// sweep.json is rewritten atomically after every change, so a sweep survives a crash or a
// closed window and continues where it stopped (sweep_runner.h).

#include <cstdint>
#include <string>
#include <vector>

#include "core/config/phrase.h"
#include "core/sweep/sweep_spec.h"

namespace tfw {

// pending: not trained yet (or interrupted); running: being trained now (on disk after a
// crash: continues on resume); done: trained (and evaluated); failed: ended with an error;
// skipped: left out by the user.
enum class SweepRunState { Pending, Running, Done, Failed, Skipped };
std::string to_string(SweepRunState state);

struct SweepRunEntry {
    size_t variant = 0;  // index into expand_variants()
    int seed = 0;
    std::string folder;  // relative to the sweep folder: "runs/heads=4-seed1"
    SweepRunState state = SweepRunState::Pending;
    Phrase message;  // why it failed, or how it ended
};

struct SweepState {
    std::string dir;
    std::string name;        // the sweep folder's name
    std::string created_at;  // ISO 8601, UTC
    SweepSpec spec;
    std::vector<SweepVariant> variants;  // expand_variants(spec)
    std::vector<SweepRunEntry> runs;     // variant-major, then seed

    std::string run_dir(size_t run) const;  // absolute: dir + "/" + runs[run].folder
    size_t count(SweepRunState state) const;
};

// Creates the sweep folder (absent or empty) with its sweep.json and returns the state. Throws
// ConfigError listing the problems when sweep_problems() finds any, or naming the folder when
// it is not empty.
SweepState create_sweep(const SweepSpec& spec, const std::string& dir);

// Reads SWEEP/sweep.json. Throws ConfigError when the folder holds no readable sweep.
SweepState load_sweep(const std::string& dir);
bool is_sweep_dir(const std::string& dir);

// The folders of the sweep's finished runs, in queue order (for comparing them).
std::vector<std::string> finished_run_dirs(const std::string& sweep_dir);

// Rewrites sweep.json atomically.
void save_sweep(const SweepState& state);

// "heads=4_encoder_layers=2-seed1": readable and safe as a folder name.
std::string run_folder_name(const SweepVariant& variant, int seed);

}  // namespace tfw
