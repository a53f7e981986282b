#pragma once
// Seconds on the steady clock, for the run's elapsed time and what its parts cost.

#include <chrono>

namespace tfw {

inline double steady_seconds() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

}  // namespace tfw
