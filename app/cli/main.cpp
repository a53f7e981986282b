// tfw: the Transformer Workbench on the command line. Each sub-command lives in its own
// *_command.cpp and registers itself; this file only dispatches.

#include <iostream>
#include <string>
#include <vector>

#include "app/cli/args.h"
#include "app/cli/command.h"
#include "core/device/build_versions.h"
#include "core/device/gpu_devices.h"
#include "core/runtime/openmp_policy.h"
#include "core/util/error_text.h"

namespace tfw::cli {

namespace {
std::vector<Command>& registry() {
    static std::vector<Command> commands;
    return commands;
}

void print_help() {
    std::cout << "usage: tfw COMMAND [options]\n\nTransformer Workbench " TFW_VERSION
                 " - build, train and inspect Transformer models.\n\ncommands:\n";
    for (const auto& command : commands())
        std::cout << "  " << command.name
                  << std::string(12 - std::min<size_t>(11, command.name.size()), ' ')
                  << command.summary << "\n";
    std::cout << "\n'tfw COMMAND --help' describes a command's options.\n";
}

// One line per CUDA GPU (train.device=cuda takes the first), or why there is none.
void print_gpus() {
    const std::vector<GpuInfo> gpus = list_gpus();
    for (const GpuInfo& gpu : gpus) std::cout << describe_gpu(gpu) << "\n";
    if (gpus.empty())
        std::cout << cuda_choice_summary(gpus, !compiled_cuda_version().empty()) << "\n";
}
}  // namespace

bool register_command(Command command) {
    registry().push_back(std::move(command));
    return true;
}

const std::vector<Command>& commands() {
    return registry();
}

}  // namespace tfw::cli

int main(int argc, char** argv) {
    using namespace tfw::cli;
    tfw::ensure_passive_openmp_wait(argv);
    const std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
        print_help();
        return args.empty() ? 2 : 0;
    }
    if (args[0] == "--version") {
        std::cout << tfw::build_versions() << "\n";
        print_gpus();
        return 0;
    }
    for (const auto& command : commands()) {
        if (command.name != args[0]) continue;
        try {
            return command.run({args.begin() + 1, args.end()});
        } catch (const UsageError& e) {
            std::cerr << "tfw " << command.name << ": " << e.what() << "\n";
            return 2;
        } catch (const std::exception& e) {
            std::cerr << "tfw " << command.name << ": error: " << tfw::user_error_text(e) << "\n";
            return 1;
        }
    }
    std::cerr << "tfw: unknown command '" << args[0] << "' (see tfw --help)\n";
    return 2;
}
