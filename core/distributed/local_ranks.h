#pragma once
// Ranks of a data-parallel job started on this machine as child processes, with the
// environment torchrun gives its workers (RANK, WORLD_SIZE, LOCAL_RANK, LOCAL_WORLD_SIZE,
// MASTER_ADDR, MASTER_PORT). `tfw launch` starts all of them; the window runs rank 0 itself
// and starts the others.

#include <sys/types.h>

#include <string>
#include <vector>

#include "core/distributed/distributed_setup.h"

namespace tfw {

// A TCP port on loopback that nothing listens on now (for MASTER_PORT).
int free_loopback_port();

// How a rank's process ended.
struct RankExit {
    int rank = -1;
    int code = 0;    // exit code, or 128 + signal
    int signal = 0;  // the signal that ended it, 0 for a normal exit
    bool failed() const { return code != 0; }
    std::string describe() const;  // "rank 1 exited with code 1", "rank 1 was killed (signal 9)"
};

class LocalRanks {
  public:
    // Starts ranks first_rank .. setup.world_size-1 running `program arguments...`. With a
    // log_dir, each one's output goes to log_dir/rank-<k>.log; without, to this terminal.
    // Throws std::runtime_error when a process cannot be started.
    LocalRanks(const std::string& program, const std::vector<std::string>& arguments,
               const DistributedSetup& setup, int first_rank, const std::string& log_dir = "");
    // Ranks still running are killed.
    ~LocalRanks();
    LocalRanks(const LocalRanks&) = delete;
    LocalRanks& operator=(const LocalRanks&) = delete;

    // The ranks that ended since the last call, without waiting.
    std::vector<RankExit> poll();
    // Waits up to timeout_s for every rank to end; returns them all (those still running are
    // killed with SIGKILL at the timeout and reported so).
    std::vector<RankExit> wait_all(double timeout_s);
    void signal_all(int signal);
    bool running() const;
    std::string log_file(int rank) const;  // "" without a log folder

  private:
    struct Child {
        int rank;
        pid_t pid;
        bool running = true;
    };
    std::vector<Child> children_;
    std::string log_dir_;
};

}  // namespace tfw
