#pragma once
// While a process trains a run, RUN/train.lock names it (process id and host), so that no
// other process resumes the same run and overwrites its checkpoints. A lock whose process
// has ended (killed, crashed) no longer counts and is replaced.

#include <string>

#include "core/config/config_error.h"

namespace tfw {

// The run is being trained by another live process.
class RunLockedError : public ConfigError {
  public:
    using ConfigError::ConfigError;
};

class RunLock {
  public:
    // Takes the run for this process. Throws RunLockedError naming the process (and the file to
    // delete if that is wrong) when another live one holds it.
    explicit RunLock(const std::string& run_dir);
    ~RunLock();  // removes the file
    RunLock(const RunLock&) = delete;
    RunLock& operator=(const RunLock&) = delete;

  private:
    std::string path_;
};

// Who trains the run right now: "process 1234" or "process 1234 on host gpu-2"; empty when
// no live process holds it. A lock from another host counts as held (it cannot be checked).
std::string run_locked_by(const std::string& run_dir);

// RUN/train.lock
std::string run_lock_path(const std::string& run_dir);

}  // namespace tfw
