#pragma once
// Where this process stands in a data-parallel job: the torchrun / Slurm contract (RANK,
// WORLD_SIZE, LOCAL_RANK, LOCAL_WORLD_SIZE, MASTER_ADDR, MASTER_PORT), read from the
// environment or filled in by a launcher (`tfw launch`, the window).

#include <functional>
#include <string>

namespace tfw {

struct DistributedSetup {
    int rank = 0, world_size = 1;
    int local_rank = 0, local_world_size = 1;  // on this machine
    std::string master_addr = "127.0.0.1";
    int master_port = 29500;
    // torchrun's agent serves the TCPStore itself (TORCHELASTIC_USE_AGENT_STORE): every rank
    // is then a client of it, and the keys of a restarted attempt get a prefix of their own.
    bool agent_store = false;
    std::string store_prefix = "tfw/attempt_0";  // every rank must use the same one
    double timeout_s = 1800;  // a collective or a rendezvous that takes longer fails the run

    bool active() const { return world_size > 1; }
    bool is_rank0() const { return rank == 0; }  // rank 0 alone writes the run's files
};

// The setup the environment describes; a single process (world_size 1) when WORLD_SIZE is
// not set (nor Slurm's SLURM_NTASKS with MASTER_ADDR). Throws ConfigError naming the variable that
// is missing or malformed. `get` reads a variable (std::getenv by default; tests pass their own).
DistributedSetup distributed_setup_from_environment(
    const std::function<const char*(const char*)>& get = {});

// "rank 1 of 4" for messages.
std::string describe_rank(const DistributedSetup& setup);

}  // namespace tfw
