#pragma once
// Built-in sweeps: the ablations of the course projects, each sized to finish on two CPU cores
// in under half an hour (smaller models and budgets than the projects', said in their
// descriptions). Their files are resources/sweeps/*.json, compiled in:
//   {"description": "...", "experiment": "<built-in preset>", "set": ["key=value", ...],
//    "vary": ["key=v1,v2", ...], "design": "grid" | "one_at_a_time", "seeds": [1, 2],
//    "budget": "steps=600", "jobs": 1, "evaluate": true}

#include <string>
#include <vector>

#include "core/config/presets.h"
#include "core/sweep/sweep_spec.h"

namespace tfw {

struct SweepPreset {
    std::string name;         // file name without .json
    std::string description;  // what it shows and how it was made small
    std::string experiment;   // the built-in experiment preset it starts from
    SweepSpec spec;
};

std::vector<std::string> sweep_preset_names();
// Throws ConfigError for an unknown name (listing the known ones) or a malformed file.
SweepPreset load_sweep_preset(const std::string& name);

// The JSON files of resources/sweeps/, compiled in (generated at build time).
const std::vector<BuiltinPreset>& builtin_sweep_presets();

}  // namespace tfw
