#pragma once
// How long a sweep will take, before it starts: a few training steps of each distinct model of
// the sweep are timed on random batches of its shape, on this machine, and multiplied by the
// budget. Data preparation and validation come on top, so it is a lower bound.

#include <functional>
#include <string>

#include "core/sweep/sweep_spec.h"

namespace tfw {

struct SweepEstimate {
    bool known = false;  // false: the budget does not say how many steps (unlimited)
    double seconds = 0;  // all runs, `jobs` at a time
    std::string note;    // how it was reached, or why it is unknown
};

// `cancelled` is asked between timings; when it returns true the estimate ends unknown.
SweepEstimate estimate_sweep_time(const SweepSpec& spec,
                                  const std::function<bool()>& cancelled = {});

// "about 12 min", "about 1.5 h", "about 40 s".
std::string format_duration(double seconds);

}  // namespace tfw
