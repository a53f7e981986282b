// tfw import: a model exported by `tfw export --format safetensors`, or saved in that layout
// by python/tfw_torch.py, as a checkpoint (docs/interop.md).

#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "app/cli/args.h"
#include "app/cli/command.h"
#include "core/io/checkpoint.h"
#include "core/io/model_import.h"

namespace tfw::cli {
namespace {

int run_import(const std::vector<std::string>& argv) {
    Args args("import",
              "Turns a folder of config.json, model.safetensors and tokenizer files into a\n"
              "checkpoint that tfw translate, generate, eval and the window load.");
    args.option("from", "DIR", "the folder (as tfw export or python/tfw_torch.py save write it)")
        .option("out", "FILE", "the .tfw checkpoint to write")
        .flag("force", "replace --out when it exists");
    if (!args.parse(argv)) return 0;
    const std::string dir = args.get("from");
    const std::string out = args.get("out");
    if (std::filesystem::exists(out) && !args.has("force"))
        throw UsageError(out + " exists (--force replaces it)");
    const Checkpoint checkpoint = import_model(dir);
    save_checkpoint(checkpoint, out);
    std::cout << "imported " << dir << " (" << checkpoint.parameters << " parameters) as " << out
              << "\n";
    return 0;
}

const bool registered = register_command(
    {"import", "a model exported as safetensors (e.g. trained in PyTorch) as a checkpoint",
     run_import});

}  // namespace
}  // namespace tfw::cli
