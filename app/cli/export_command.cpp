// tfw export: a checkpoint in a format other tools read. Each format is one row of
// kFormats and one function; --format chooses (docs/interop.md).

#include <iostream>
#include <string>
#include <vector>

#include "app/cli/args.h"
#include "app/cli/command.h"
#include "core/io/model_export.h"
#include "core/io/model_io.h"

namespace tfw::cli {
namespace {

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
};

int run_export(const std::vector<std::string>& argv) {
    std::string formats;
    for (const ExportFormat& format : kFormats)
        formats += std::string("\n  ") + format.name + ": " + format.help;
    Args args("export", "Writes a checkpoint in a format other tools read. Formats:" + formats);
    args.option("format", "NAME", "what to write (see above)")
        .option("checkpoint", "FILE", "a .tfw checkpoint")
        .option("out", "DIR", "the folder to write (created; files of the same names replaced)");
    if (!args.parse(argv)) return 0;
    const std::string name = args.get("format");
    for (const ExportFormat& format : kFormats)
        if (name == format.name) return format.run(args);
    std::string names;
    for (const ExportFormat& format : kFormats)
        names += (names.empty() ? "" : ", ") + std::string(format.name);
    throw UsageError("unknown --format '" + name + "' (known: " + names + ")");
}

const bool registered = register_command(
    {"export", "write a checkpoint for other tools (safetensors + config for PyTorch)",
     run_export});

}  // namespace
}  // namespace tfw::cli
