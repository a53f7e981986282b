// tfw launch: runs `tfw train` or `tfw resume` as N local ranks of a data-parallel run, as
// `torchrun --nproc-per-node N` would: each gets RANK, WORLD_SIZE, LOCAL_RANK,
// LOCAL_WORLD_SIZE, MASTER_ADDR and MASTER_PORT; when one fails the others are stopped.
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <climits>
#include <filesystem>
#include <iostream>
#include <thread>

#include "app/cli/args.h"
#include "app/cli/command.h"
#include "core/distributed/local_ranks.h"

namespace tfw::cli {
namespace {

constexpr const char* kUsage =
    "usage: tfw launch --nproc N [--master-port PORT] (train|resume) [ARGS...]\n\n"
    "Runs the command as N processes of one data-parallel run on this machine (N GPUs, or N\n"
    "CPU processes): each takes every Nth example of a batch, gradients are summed over them,\n"
    "rank 0 writes the run. The same as `torchrun --nproc-per-node N $(which tfw) ...`.\n\n"
    "options:\n"
    "  --nproc N           processes to start (at least 1)\n"
    "  --master-port PORT  the rendezvous port (default: a free one)\n"
    "  --timeout SECONDS   how long a rank waits for the others (default 1800)\n\n"
    "Ctrl+C stops every rank after the current step and saves a checkpoint; when one rank\n"
    "fails the others stop with an error too. docs/distributed.md has torchrun and Slurm.\n";

std::atomic<int> g_signal{0};
void remember_signal(int signal) {
    g_signal = signal;
}

int number_option(const std::vector<std::string>& argv, size_t& i, int minimum, int maximum) {
    if (i + 1 >= argv.size()) throw UsageError(argv[i] + " needs a value");
    const std::string& text = argv[++i];
    size_t used = 0;
    int value = 0;
    try {
        value = std::stoi(text, &used);
    } catch (const std::exception&) {
    }
    if (used != text.size() || value < minimum || value > maximum)
        throw UsageError(argv[i - 1] + " " + text + " is not a number from " +
                         std::to_string(minimum) + " to " + std::to_string(maximum));
    return value;
}

int launch(const std::vector<std::string>& argv) {
    DistributedSetup setup;
    setup.world_size = 0;
    setup.master_port = 0;
    size_t i = 0;
    for (; i < argv.size() && argv[i].rfind("--", 0) == 0; ++i) {
        if (argv[i] == "--help" || argv[i] == "-h") {
            std::cout << kUsage;
            return 0;
        }
        if (argv[i] == "--nproc")
            setup.world_size = number_option(argv, i, 1, 1024);
        else if (argv[i] == "--master-port")
            setup.master_port = number_option(argv, i, 1, 65535);
        else if (argv[i] == "--timeout")
            setup.timeout_s = number_option(argv, i, 1, INT_MAX);
        else
            throw UsageError("unknown option " + argv[i] + " (see tfw launch --help)");
    }
    if (setup.world_size == 0) throw UsageError("give the number of processes: --nproc N");
    if (i >= argv.size() || (argv[i] != "train" && argv[i] != "resume"))
        throw UsageError("name the command the ranks run: train or resume (see tfw launch --help)");
    if (setup.master_port == 0) setup.master_port = free_loopback_port();
    setup.master_addr = "127.0.0.1";

    // The ranks are in this terminal's process group: Ctrl+C reaches each of them, and each
    // stops at the same step. A signal sent to this process alone is passed on.
    signal(SIGINT, remember_signal);
    signal(SIGTERM, remember_signal);
    LocalRanks ranks(std::filesystem::read_symlink("/proc/self/exe").string(),
                     {argv.begin() + static_cast<ptrdiff_t>(i), argv.end()}, setup, 0);
    RankExit first_failure;
    bool passed_on = false;
    std::chrono::steady_clock::time_point failed_at;
    while (ranks.running()) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        if (const int s = g_signal.load(); s != 0 && !passed_on) {
            ranks.signal_all(s);
            passed_on = true;
        }
        for (const RankExit& e : ranks.poll()) {
            if (!e.failed() || first_failure.failed()) continue;
            first_failure = e;
            failed_at = std::chrono::steady_clock::now();
            std::cerr << "tfw launch: " << e.describe() << "; stopping the other ranks\n";
        }
        // The others notice a lost rank at their next collective and end by themselves; those
        // that do not within a minute are stopped.
        if (first_failure.failed() &&
            std::chrono::steady_clock::now() - failed_at > std::chrono::seconds(60)) {
            ranks.signal_all(SIGTERM);
            ranks.wait_all(10);
        }
    }
    return first_failure.failed() ? first_failure.code : 0;
}

const bool registered = register_command(
    {"launch", "train or resume on N local processes (data parallel, like torchrun)", launch});

}  // namespace
}  // namespace tfw::cli
