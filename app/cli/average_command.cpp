// tfw average: one checkpoint whose weights are the mean of several checkpoints of a run,
// optionally measured against the run's best checkpoint on its validation set.
#include <filesystem>
#include <iomanip>
#include <iostream>

#include "app/cli/args.h"
#include "app/cli/command.h"
#include "core/compare/checkpoint_averaging.h"
#include "core/config/config_error.h"
#include "core/io/checkpoint_average.h"

namespace tfw::cli {
namespace {

std::string file_name(const std::string& path) {
    return std::filesystem::path(path).filename().string();
}

void print_measurement(const AveragingMeasurement& m) {
    const std::string averaged = "average of steps " + std::to_string(m.steps.front()) + "-" +
                                 std::to_string(m.steps.back());
    const std::string best = file_name(m.best_path) + " (step " + std::to_string(m.best_step) + ")";
    std::cout << "\nvalidation set       " << std::setw(26) << std::left << best << averaged << "\n"
              << std::fixed << "  loss               " << std::setw(26) << std::setprecision(4)
              << m.best_loss << m.averaged_loss << "\n"
              << "  perplexity         " << std::setw(26) << std::setprecision(2)
              << m.best_perplexity << m.averaged_perplexity << "\n"
              << (m.averaged_loss < m.best_loss ? "the average is better\n"
                                                : "the best single checkpoint is better\n");
}

// Averages the files and reports them.
void average_files(const std::vector<std::string>& paths, const std::string& out) {
    const auto averaged = average_checkpoints(paths, [](size_t done, size_t total) {
        std::cerr << "read " << done << "/" << total << "\r" << std::flush;
        return true;
    });
    std::cerr << "\n";
    save_checkpoint(*averaged, out);
    std::cout << "averaged " << paths.size() << " checkpoint" << (paths.size() == 1 ? "" : "s")
              << " into " << out << " (config and history of step " << averaged->position.step
              << "):\n";
    for (const auto& path : paths) std::cout << "  " << path << "\n";
}

int average(const std::vector<std::string>& argv) {
    Args args("average",
              "Writes a checkpoint whose weights are the element-wise mean of several checkpoints\n"
              "of one model: config, tokenizers and history come from the newest; it has no\n"
              "optimizer state (for decoding and evaluation, not for resuming).\n\n"
              "  tfw average --run RUN_DIR [--last N] [--measure] --out CHECKPOINT\n"
              "  tfw average --checkpoints CHECKPOINT CHECKPOINT ... --out CHECKPOINT");
    args.positionals_rest("CHECKPOINT", "checkpoints to average (with --checkpoints)", false)
        .option("run", "RUN_DIR", "average the run's last periodic checkpoints (see --last)")
        .option("last", "N", "how many of the run's periodic checkpoints", "5")
        .flag("measure",
              "with --run: also measure the validation loss and perplexity of the average and "
              "of the run's best checkpoint (else last)")
        .flag("checkpoints", "average the CHECKPOINT files given as arguments instead of --run")
        .option("out", "CHECKPOINT", "where to write the averaged checkpoint");
    if (!args.parse(argv)) return 0;
    const std::string out = args.get("out");

    if (args.has("run") == args.has("checkpoints"))
        throw UsageError(
            "give either --run RUN_DIR or --checkpoints CHECKPOINT ... (see tfw "
            "average --help)");
    if (args.has("measure") && !args.has("run"))
        throw UsageError("--measure goes with --run (it measures against the run's best)");
    std::vector<std::string> paths;
    if (args.has("run")) {
        if (!args.positionals().empty())
            throw UsageError("unexpected argument '" + args.positionals()[0] +
                             "' (checkpoint files go with --checkpoints)");
        try {
            paths = last_periodic_checkpoints(args.get("run"), args.get_int("last"));
        } catch (const ConfigError& e) {
            throw UsageError(e.what());  // a wrong --run or --last: exit 2 like other usage errors
        }
    } else {
        paths = args.positionals();
        if (paths.empty()) throw UsageError("--checkpoints needs at least one CHECKPOINT");
    }
    for (const auto& path : paths) {
        std::error_code ec;
        if (std::filesystem::equivalent(path, out, ec))
            throw UsageError("--out " + out + " is one of the checkpoints being averaged");
    }
    if (!args.has("measure")) {
        average_files(paths, out);
        return 0;
    }
    const auto measured = average_and_measure(args.get("run"), args.get_int("last"), out,
                                              [](int percent, AveragingStage, size_t, size_t) {
                                                  std::cerr << percent << "%\r" << std::flush;
                                                  return true;
                                              });
    std::cerr << "\n";
    std::cout << "averaged " << paths.size() << " checkpoint" << (paths.size() == 1 ? "" : "s")
              << " into " << out << "\n";
    print_measurement(*measured);
    return 0;
}

const bool registered =
    register_command({"average", "average the weights of several checkpoints", average});

}  // namespace
}  // namespace tfw::cli
