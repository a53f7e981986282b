// tfw runs: list the runs of a runs folder, rename or delete one (never while it trains), list a
// run's attention snapshots.
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <stdexcept>

#include "app/cli/args.h"
#include "app/cli/command.h"
#include "core/io/run_directory.h"
#include "core/io/run_lock.h"
#include "core/io/run_management.h"
#include "core/train/attention_snapshots.h"

namespace tfw::cli {
namespace {

void list(const std::string& root) {
    const auto runs = list_runs(root);
    if (runs.empty()) {
        std::cout << "no runs under " << root << "\n";
        return;
    }
    std::cout << std::left << std::setw(36) << "run" << std::setw(14) << "state" << std::setw(10)
              << "step" << std::setw(12) << "valid ppl"
              << "checkpoint\n";
    for (const RunSummary& run : runs) {
        const std::string holder = run_locked_by(run.dir);
        std::ostringstream ppl;
        if (run.best_valid_perplexity > 0)
            ppl << std::fixed << std::setprecision(2) << run.best_valid_perplexity;
        std::cout << std::setw(36) << run.name << std::setw(14)
                  << (holder.empty() ? run.status.state : "training") << std::setw(10)
                  << run.status.step << std::setw(12) << (ppl.str().empty() ? "-" : ppl.str())
                  << preferred_checkpoint(run.dir) << "\n";
    }
}

// The mean over the layers and heads of every probe, "-" for a stack the model lacks.
std::string mean_entropy(const SnapshotEntry& entry, AttentionStack stack) {
    double sum = 0;
    int count = 0;
    for (const ProbeEntropies& probe : entry.entropies)
        for (const auto& layer : entropies_of(probe, stack))
            for (double e : layer) {
                sum += e;
                ++count;
            }
    if (count == 0) return "-";
    std::ostringstream out;
    out << std::fixed << std::setprecision(3) << sum / count;
    return out.str();
}

void snapshots(const std::string& run_dir) {
    if (!std::filesystem::is_directory(run_dir))
        throw std::runtime_error(run_dir + " is not a run folder");
    const auto entries = read_snapshot_index(run_dir);
    if (entries.empty()) {
        std::cout << "no attention snapshots in " << run_dir << "\n";
        return;
    }
    std::cout << "probes:";
    for (const std::string& input : entries.back().inputs) std::cout << "\n  " << input;
    std::cout << "\n\nmean head entropy (0 = one key, 1 = uniform)\n"
              << std::left << std::setw(10) << "step" << std::setw(10) << "KB" << std::setw(14)
              << "encoder self" << std::setw(14) << "decoder self"
              << "cross\n";
    int64_t bytes = 0;
    for (const SnapshotEntry& e : entries) {
        bytes += e.bytes;
        std::cout << std::setw(10) << e.step << std::setw(10) << (e.bytes + 512) / 1024
                  << std::setw(14) << mean_entropy(e, AttentionStack::EncoderSelf) << std::setw(14)
                  << mean_entropy(e, AttentionStack::DecoderSelf)
                  << mean_entropy(e, AttentionStack::Cross) << "\n";
    }
    std::cout << entries.size() << " snapshots, " << std::fixed << std::setprecision(2)
              << bytes / 1048576.0 << " MB in " << attention_snapshot_dir(run_dir) << "\n";
}

int runs(const std::vector<std::string>& argv) {
    Args args("runs",
              "Lists the runs of a runs folder, renames or deletes one. A run that a process is "
              "training\nis neither renamed nor deleted.\n\n"
              "  tfw runs [list] [--root DIR]     name, state, step, best validation perplexity "
              "and\n                                   the checkpoint that stands for the run "
              "(best, else last)\n"
              "  tfw runs rename RUN_DIR NEW_NAME\n"
              "  tfw runs delete RUN_DIR          the folder with its checkpoints and history\n"
              "  tfw runs snapshots RUN_DIR       the attention snapshots taken while training: "
              "step,\n                                   size and mean head entropy per stack");
    args.positionals_rest(
            "ACTION", "list | rename RUN_DIR NEW_NAME | delete RUN_DIR | snapshots RUN_DIR", false)
        .option("root", "DIR", "the runs folder to list", "runs");
    if (!args.parse(argv)) return 0;
    const auto& words = args.positionals();
    const std::string action = words.empty() ? "list" : words[0];
    const auto expect = [&](size_t count, const std::string& usage) {
        if (words.size() != count) throw UsageError("usage: tfw runs " + usage);
    };
    if (action == "list") {
        expect(words.empty() ? 0 : 1, "list [--root DIR]");
        list(args.get("root"));
    } else if (action == "rename") {
        expect(3, "rename RUN_DIR NEW_NAME");
        std::cout << "renamed " << words[1] << " to " << rename_run(words[1], words[2]) << "\n";
    } else if (action == "delete") {
        expect(2, "delete RUN_DIR");
        delete_run(words[1]);
        std::cout << "deleted " << words[1] << "\n";
    } else if (action == "snapshots") {
        expect(2, "snapshots RUN_DIR");
        snapshots(words[1]);
    } else {
        throw UsageError("unknown action '" + action + "' (list, rename, delete or snapshots)");
    }
    return 0;
}

const bool registered =
    register_command({"runs", "list, rename or delete runs (never one being trained)", runs});

}  // namespace
}  // namespace tfw::cli
