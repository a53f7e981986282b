#pragma once

namespace tfw {

// Restarts the current process with OMP_WAIT_POLICY=PASSIVE unless the variable is set.
//
// By default OpenMP worker threads spin while they wait. When anything else wants the CPU
// (the window's own thread, a second process, parallel tests) the spinning threads are
// descheduled mid-barrier and a training step became up to 20x slower on 2 cores; with
// passive waiting it ran at full speed. libgomp reads the variable once, in a constructor
// at load time, so it must be in the environment before the process starts: hence the
// re-exec. Call first thing in main(); returns normally when nothing needs doing or the
// restart fails.
void ensure_passive_openmp_wait(char** argv);

}  // namespace tfw
