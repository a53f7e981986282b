// tfw export: what runs and checkpoints hold, in formats other tools read (docs/interop.md).
//   --history RUN...                      the runs' scalars as CSV or JSON, as TensorBoard
//                                         downloads them
//   --checkpoint CK --format FORMAT       a checkpoint; each format is one row of kFormats and
//                                         one function
#include <filesystem>
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "app/cli/args.h"
#include "app/cli/command.h"
#include "core/compare/run_scalars.h"
#include "core/io/hf_llama_export.h"
#include "core/io/model_export.h"
#include "core/io/model_io.h"
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

// The weights as safetensors, config.json and the tokenizer files, for PyTorch.
int export_safetensors(const Args& args) {
    const std::string checkpoint = args.get("checkpoint");
    const std::string dir = args.get("out");
    const LoadedModel loaded = load_model(checkpoint, "cpu");
    const std::vector<std::string> files = export_model(loaded, dir);
    std::cout << "exported " << checkpoint << " (" << loaded.model->parameter_count()
              << " parameters) to " << dir << ":";
    for (const std::string& file : files) std::cout << " " << file;
    std::cout << "\n";
    return 0;
}

// A Llama-shaped language model as a Hugging Face Llama checkpoint, for transformers.
int export_hf_llama_checkpoint(const Args& args) {
    const std::string checkpoint = args.get("checkpoint");
    const std::string dir = args.get("out");
    const LoadedModel loaded = load_model(checkpoint, "cpu");
    const std::vector<std::string> files = export_hf_llama(loaded, dir);
    std::cout << "exported " << checkpoint << " (" << loaded.model->parameter_count()
              << " parameters) as a Hugging Face Llama to " << dir << ":";
    for (const std::string& file : files) std::cout << " " << file;
    std::cout << "\n";
    return 0;
}

struct ExportFormat {
    const char* name;
    const char* help;
    int (*run)(const Args& args);
};

const ExportFormat kFormats[] = {
    {"safetensors",
     "the weights (model.safetensors), architecture (config.json) and\n"
     "    tokenizer files of --checkpoint, written into --out, for PyTorch\n"
     "    (python/tfw_torch.py, docs/interop.md)",
     export_safetensors},
    {"hf-llama",
     "a decoder-only language model of Llama's components (pre-norm RMSNorm,\n"
     "    rope, SwiGLU, no biases, causal, sentencepiece) as a Hugging Face Llama\n"
     "    checkpoint that transformers' LlamaForCausalLM loads (docs/interop.md)",
     export_hf_llama_checkpoint},
};

int export_checkpoint(const Args& args) {
    if (!args.has("format"))
        throw UsageError(
            "say what to export: --history RUN_DIR..., or --checkpoint CK --format "
            "safetensors --out DIR (see tfw export --help)");
    const std::string name = args.get("format");
    for (const ExportFormat& format : kFormats)
        if (name == format.name) return format.run(args);
    std::string names;
    for (const ExportFormat& format : kFormats)
        names += (names.empty() ? "" : ", ") + std::string(format.name);
    throw UsageError("unknown --format '" + name + "' (known: " + names +
                     "; csv and json go with --history)");
}

int run_export(const std::vector<std::string>& argv) {
    std::string formats;
    for (const ExportFormat& format : kFormats)
        formats += std::string("\n  ") + format.name + ": " + format.help;
    Args args(
        "export",
        "Writes what runs and checkpoints hold in formats other tools read.\n\n"
        "--history RUN_DIR...: the runs' scalars (train/loss, valid/perplexity,\n"
        "eval/test/bleu, ...; the tags TensorBoard shows) as CSV or JSON. One run and one\n"
        "tag give TensorBoard's own download (Wall time,Step,Value); more give\n"
        "Run,Tag,Wall time,Step,Value (JSON: {run: {tag: [[wall time, step, value], ...]}}).\n\n"
        "--checkpoint CK --format NAME --out DIR: a checkpoint. Formats:" +
            formats);
    args.positionals_rest("RUN_DIR|SWEEP_DIR",
                          "with --history: the runs (a sweep folder stands for its finished runs)",
                          /*required=*/false)
        .flag("history", "export the runs' scalars")
        .repeated("tag", "TAG", "with --history: only this scalar (repeatable; default: all)")
        .flag("list", "with --history: list the runs' scalar tags and stop")
        .option("format", "NAME",
                "with --history: csv or json (default: from --out's extension, else csv); "
                "with --checkpoint: a format above")
        .option("checkpoint", "FILE", "a .tfw checkpoint")
        .option("out", "PATH",
                "--history: the file (default: standard output); --checkpoint: the folder to "
                "write (created; files of the same names replaced)");
    if (!args.parse(argv)) return 0;
    if (args.has("history")) return export_history(args);
    return export_checkpoint(args);
}

const bool registered = register_command(
    {"export",
     "write runs' scalars (CSV, JSON) or a checkpoint (safetensors, hf-llama) for other tools",
     run_export});

}  // namespace
}  // namespace tfw::cli
