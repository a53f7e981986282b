#include "core/distributed/distributed_setup.h"

#include <cstdlib>

#include "core/config/config_error.h"

namespace tfw {

namespace {

// The leading integer of a variable ("4", or Slurm's "4(x2)"); `fallback` when it is unset.
int integer_variable(const std::function<const char*(const char*)>& get, const char* name,
                     int fallback, int minimum) {
    const char* text = get(name);
    if (!text || !*text) return fallback;
    char* end = nullptr;
    const long value = std::strtol(text, &end, 10);
    if (end == text || value < minimum || value > 1 << 20)
        throw ConfigError(std::string(name) + "=" + text + " is not a number of at least " +
                          std::to_string(minimum));
    return static_cast<int>(value);
}

}  // namespace

DistributedSetup distributed_setup_from_environment(
    const std::function<const char*(const char*)>& get_variable) {
    const auto get = get_variable ? get_variable : [](const char* n) { return std::getenv(n); };
    DistributedSetup s;
    // torchrun's names first; Slurm's (srun starts one task per rank) when they are absent and
    // the job exported MASTER_ADDR: a lone tfw in a job of several tasks is one process.
    const bool torchrun = get("WORLD_SIZE") != nullptr;
    if (!torchrun && !get("MASTER_ADDR")) return s;
    s.world_size = integer_variable(get, torchrun ? "WORLD_SIZE" : "SLURM_NTASKS", 1, 1);
    if (s.world_size == 1) return s;
    s.rank = integer_variable(get, torchrun ? "RANK" : "SLURM_PROCID", -1, 0);
    if (s.rank < 0)
        throw ConfigError(std::string(torchrun ? "WORLD_SIZE" : "SLURM_NTASKS") + " is " +
                          std::to_string(s.world_size) + " but " +
                          (torchrun ? "RANK" : "SLURM_PROCID") + " is not set");
    if (s.rank >= s.world_size)
        throw ConfigError("RANK " + std::to_string(s.rank) + " is not below WORLD_SIZE " +
                          std::to_string(s.world_size));
    s.local_rank = integer_variable(get, torchrun ? "LOCAL_RANK" : "SLURM_LOCALID", 0, 0);
    s.local_world_size = integer_variable(
        get, torchrun ? "LOCAL_WORLD_SIZE" : "SLURM_NTASKS_PER_NODE", s.world_size, 1);
    const char* addr = get("MASTER_ADDR");
    if (!addr || !*addr)
        throw ConfigError(
            "MASTER_ADDR is not set: name the host of rank 0 (torchrun and "
            "`tfw launch` set it; a Slurm script exports it, docs/distributed.md)");
    s.master_addr = addr;
    s.master_port = integer_variable(get, "MASTER_PORT", 29500, 1);
    if (s.master_port > 65535)
        throw ConfigError("MASTER_PORT=" + std::to_string(s.master_port) + " is not a port");
    const char* agent = get("TORCHELASTIC_USE_AGENT_STORE");
    s.agent_store = agent && std::string(agent) == "True";
    // A restarted torchrun attempt talks to the same agent store: its keys must not meet the
    // failed attempt's.
    s.store_prefix =
        "tfw/attempt_" + std::to_string(integer_variable(get, "TORCHELASTIC_RESTART_COUNT", 0, 0));
    s.timeout_s = integer_variable(get, "TFW_DISTRIBUTED_TIMEOUT", 1800, 1);
    return s;
}

std::string describe_rank(const DistributedSetup& setup) {
    return "rank " + std::to_string(setup.rank) + " of " + std::to_string(setup.world_size);
}

}  // namespace tfw
