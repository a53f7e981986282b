// tfw export: what a run holds, for other tools. --history: its scalars (loss, perplexity,
// learning rate, evaluation scores...) as CSV or JSON, as TensorBoard downloads them.
#include <filesystem>
#include <iostream>
#include <stdexcept>

#include "app/cli/args.h"
#include "app/cli/command.h"
#include "core/compare/run_scalars.h"
#include "core/io/run_directory.h"
#include "core/sweep/sweep_state.h"

namespace tfw::cli {
namespace {

namespace fs = std::filesystem;

// The runs given, a sweep folder standing for its finished runs.
std::vector<std::string> run_dirs(const std::vector<std::string>& given) {
    std::vector<std::string> dirs;
    for (const std::string& path : given) {
        if (is_sweep_dir(path)) {
            for (const std::string& run : finished_run_dirs(path)) dirs.push_back(run);
        } else if (fs::exists(fs::path(path) / "history.jsonl")) {
            dirs.push_back(path);
        } else {
            throw UsageError(path + " is not a run folder (no history.jsonl) or a sweep folder");
        }
    }
    return dirs;
}

ScalarFormat scalar_format(const Args& args) {
    std::string format = args.has("format") ? args.get("format") : "";
    if (format.empty())
        format =
            args.has("out") && fs::path(args.get("out")).extension() == ".json" ? "json" : "csv";
    if (format == "csv") return ScalarFormat::Csv;
    if (format == "json") return ScalarFormat::Json;
    throw UsageError("--format: with --history, csv or json (not '" + format + "')");
}

int export_history(const Args& args) {
    if (args.positionals().empty())
        throw UsageError("--history needs one or more run folders (or sweep folders)");
    const std::vector<RunScalars> runs = read_run_scalars(run_dirs(args.positionals()));
    if (args.has("list")) {
        for (const std::string& tag : scalar_tags(runs)) std::cout << tag << "\n";
        return 0;
    }
    std::string text;
    try {
        text = format_scalars(runs, args.all("tag"), scalar_format(args));
    } catch (const std::invalid_argument& e) {
        throw UsageError(std::string("--tag: ") + e.what());
    }
    if (!args.has("out") || args.get("out") == "-") {
        std::cout << text;
        return 0;
    }
    write_text_atomically(args.get("out"), text);
    std::cerr << "wrote " << args.get("out") << "\n";
    return 0;
}

int export_command(const std::vector<std::string>& argv) {
    Args args("export",
              "Writes what runs hold for other tools. --history: their scalars (train/loss, "
              "valid/perplexity,\neval/test/bleu, ...; the tags TensorBoard shows) as CSV or "
              "JSON. One run and one tag\ngive TensorBoard's own download (Wall time,Step,Value); "
              "more give Run,Tag,Wall time,Step,Value\n(JSON: {run: {tag: [[wall time, step, "
              "value], ...]}}).");
    args.positionals_rest("RUN_DIR|SWEEP_DIR",
                          "with --history: the runs (a sweep folder stands "
                          "for its finished runs)",
                          /*required=*/false)
        .flag("history", "export the runs' scalars")
        .repeated("tag", "TAG", "only this scalar (repeatable; default: every one)")
        .flag("list", "with --history: list the runs' scalar tags and stop")
        .option("format", "FORMAT", "csv or json (default: from --out's extension, else csv)")
        .option("out", "FILE", "write here instead of to standard output");
    if (!args.parse(argv)) return 0;
    if (args.has("history")) return export_history(args);
    throw UsageError("say what to export: --history RUN_DIR... (see tfw export --help)");
}

const bool registered =
    register_command({"export", "export runs' scalars as CSV or JSON", export_command});

}  // namespace
}  // namespace tfw::cli
