// tfw train / tfw resume: run training in a run directory with progress on the terminal.
// Under torchrun, Slurm or `tfw launch` (RANK, WORLD_SIZE, ... set) each process is one rank
// of a data-parallel run: rank 0 prints the progress, the others only their problems.
#include <iostream>
#include <memory>

#include "app/cli/args.h"
#include "app/cli/command.h"
#include "app/cli/experiment_args.h"
#include "app/cli/terminal_observer.h"
#include "core/config/config_io.h"
#include "core/distributed/distributed_setup.h"
#include "core/io/run_directory.h"
#include "core/train/trainer.h"

namespace tfw::cli {
namespace {

int exit_code(const TrainingFinished& finished) {
    if (finished.reason == FinishReason::Failed || finished.reason == FinishReason::Diverged)
        return 1;
    return quit_was_deferred() ? 130 : 0;  // a second Ctrl+C waited for the final checkpoint
}

// What ranks other than 0 print: their warnings and errors, naming the rank.
class RankObserver final : public TrainingObserver {
  public:
    explicit RankObserver(int rank) : prefix_("[rank " + std::to_string(rank) + "] ") {}
    void on_log(LogLevel level, const std::string& message) override {
        if (level == LogLevel::Info) return;
        std::cerr << prefix_ << (level == LogLevel::Error ? "error: " : "warning: ") << message
                  << std::endl;
    }

  private:
    std::string prefix_;
};

std::unique_ptr<TrainingObserver> observer_for(const DistributedSetup& setup) {
    if (setup.rank == 0) return std::make_unique<TerminalObserver>();
    return std::make_unique<RankObserver>(setup.rank);
}

int train(const std::vector<std::string>& argv) {
    Args args("train",
              "Trains a model in a run directory (config.json, history.jsonl, train.log, "
              "checkpoints/).\nCtrl+C stops after the current step and saves a checkpoint.\n"
              "Under torchrun, Slurm or `tfw launch --nproc N` (RANK, WORLD_SIZE, ... set) it is "
              "one rank of a data-parallel run (docs/distributed.md).");
    add_experiment_options(args, "the experiment");
    args.option("run-dir", "DIR", "where to write the run (default: runs/<name>-<time>)")
        .option("runs-dir", "DIR", "parent folder for new run directories", "runs");
    if (!args.parse(argv)) return 0;
    const ExperimentConfig config = experiment_from_args(args);
    require_valid(config);

    const DistributedSetup setup = distributed_setup_from_environment();
    // Ranks > 0 take the run's folder from rank 0 (their clocks may name another one).
    const std::string run_dir =
        args.has("run-dir") ? args.get("run-dir") : new_run_dir(args.get("runs-dir"), config.name);
    const auto observer = observer_for(setup);
    TrainingControl control;
    stop_on_interrupt(control);
    const TrainingFinished finished = train_new(config, run_dir, *observer, control, setup);
    return exit_code(finished);
}

int resume(const std::vector<std::string>& argv) {
    Args args("resume",
              "Continues a stopped run from its last checkpoint, exactly where it stopped.");
    args.positional("RUN_DIR", "the run directory")
        .option("from", "CHECKPOINT",
                "continue from this checkpoint instead of last.tfw (a file of RUN_DIR/checkpoints, "
                "e.g. step-40.tfw, or a path), for a run whose last.tfw is damaged");
    if (!args.parse(argv)) return 0;
    const DistributedSetup setup = distributed_setup_from_environment();
    const auto observer = observer_for(setup);
    TrainingControl control;
    stop_on_interrupt(control);
    const TrainingFinished finished = train_resume(args.positionals()[0], *observer, control, setup,
                                                   args.has("from") ? args.get("from") : "");
    return exit_code(finished);
}

const bool registered_train =
    register_command({"train", "train a model (from a config or preset)", train});
const bool registered_resume = register_command({"resume", "continue a stopped run", resume});

}  // namespace
}  // namespace tfw::cli
