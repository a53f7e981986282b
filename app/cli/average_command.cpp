// tfw average: one checkpoint whose weights are the mean of several checkpoints of a run.
#include <filesystem>
#include <fstream>
#include <iostream>

#include <nlohmann/json.hpp>

#include "app/cli/args.h"
#include "app/cli/command.h"
#include "core/io/checkpoint_average.h"
#include "core/io/run_directory.h"

namespace tfw::cli {
namespace {

// train.save_every as the run was started with, for the message about missing checkpoints.
std::string save_every_of(const std::string& run_dir) {
    std::ifstream in(RunPaths(run_dir).config());
    const auto config = nlohmann::json::parse(in, nullptr, false);
    if (config.is_discarded() || !config.contains("train")) return "?";
    return config["train"].value("save_every", nlohmann::json(0)).dump();
}

// The last `count` periodic checkpoints of the run, or a UsageError saying which exist.
std::vector<std::string> last_checkpoints(const std::string& run_dir, long long count) {
    if (!std::filesystem::is_directory(run_dir))
        throw UsageError("--run " + run_dir + " is not a folder");
    if (count < 1) throw UsageError("--last expects at least 1, got " + std::to_string(count));
    const std::vector<PeriodicCheckpoint> found = periodic_checkpoints(run_dir);
    if (static_cast<long long>(found.size()) < count) {
        std::string have;
        for (const auto& c : found)
            have += (have.empty() ? "" : ", ") + std::filesystem::path(c.path).filename().string();
        throw UsageError(
            run_dir + " has " + std::to_string(found.size()) + " periodic checkpoint" +
            (found.size() == 1 ? "" : "s") + (have.empty() ? "" : " (" + have + ")") +
            ", fewer than --last " + std::to_string(count) +
            ". Periodic checkpoints (checkpoints/step-N.tfw) are written every train.save_every "
            "steps; this run has train.save_every=" +
            save_every_of(run_dir) + ".");
    }
    std::vector<std::string> paths;
    for (auto it = found.end() - count; it != found.end(); ++it) paths.push_back(it->path);
    return paths;
}

int average(const std::vector<std::string>& argv) {
    Args args("average",
              "Writes a checkpoint whose weights are the element-wise mean of several checkpoints\n"
              "of one model: config, tokenizers and history come from the newest; it has no\n"
              "optimizer state (for decoding and evaluation, not for resuming).\n\n"
              "  tfw average --run RUN_DIR [--last N] --out CHECKPOINT\n"
              "  tfw average --checkpoints CHECKPOINT CHECKPOINT ... --out CHECKPOINT");
    args.positionals_rest("CHECKPOINT", "checkpoints to average (with --checkpoints)", false)
        .option("run", "RUN_DIR", "average the run's last periodic checkpoints (see --last)")
        .option("last", "N", "how many of the run's periodic checkpoints", "5")
        .flag("checkpoints", "average the CHECKPOINT files given as arguments instead of --run")
        .option("out", "CHECKPOINT", "where to write the averaged checkpoint");
    if (!args.parse(argv)) return 0;
    const std::string out = args.get("out");

    std::vector<std::string> paths;
    if (args.has("run") == args.has("checkpoints"))
        throw UsageError(
            "give either --run RUN_DIR or --checkpoints CHECKPOINT ... (see tfw "
            "average --help)");
    if (args.has("run")) {
        if (!args.positionals().empty())
            throw UsageError("unexpected argument '" + args.positionals()[0] +
                             "' (checkpoint files go with --checkpoints)");
        paths = last_checkpoints(args.get("run"), args.get_int("last"));
    } else {
        paths = args.positionals();
        if (paths.empty()) throw UsageError("--checkpoints needs at least one CHECKPOINT");
    }
    for (const auto& path : paths) {
        std::error_code ec;
        if (std::filesystem::equivalent(path, out, ec))
            throw UsageError("--out " + out + " is one of the checkpoints being averaged");
    }

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
    return 0;
}

const bool registered =
    register_command({"average", "average the weights of several checkpoints", average});

}  // namespace
}  // namespace tfw::cli
