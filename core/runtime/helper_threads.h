#pragma once
// A few threads that share short, evenly split work with the calling thread: one row's products
// in a decoding step, tens of microseconds each and dozens a step. LibTorch's OpenMP threads
// wait passively (openmp_policy.h), and waking one for work this short costs more than it
// saves: greedy decoding one input at a time ran at 27 sentences/s on two threads against 63 on
// one (LibTorch 2.11). These helpers spin for a moment after each piece of work, then sleep,
// and the calling thread never waits for one to wake: it claims every part no helper has
// claimed yet, so a sleeping or descheduled helper costs at most the part it is running.

#include <cstdint>

namespace tfw {

// Runs body(context, part) once for every part in [0, parts), on the calling thread and at most
// `helpers` helper threads, and returns when all are done. `body` must not throw. While another
// thread's call holds the helpers, a call runs all its parts itself.
void run_in_parts(int64_t parts, int helpers, void (*body)(void* context, int64_t part),
                  void* context);

template <class Body>
void run_in_parts(int64_t parts, int helpers, Body& body) {
    run_in_parts(
        parts, helpers, [](void* context, int64_t part) { (*static_cast<Body*>(context))(part); },
        &body);
}

// Helper threads started so far (they are started as first needed and kept).
int helper_threads_started();

}  // namespace tfw
