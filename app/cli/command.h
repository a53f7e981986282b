#pragma once
// Sub-commands of `tfw` register themselves here; main.cpp only dispatches.

#include <functional>
#include <string>
#include <vector>

namespace tfw::cli {

struct Command {
    std::string name;                                              // "train"
    std::string summary;                                           // one line for `tfw --help`
    std::function<int(const std::vector<std::string>& args)> run;  // returns the exit code
};

// Call from a namespace-scope initialiser: `const bool registered = register_command({...});`
bool register_command(Command command);
const std::vector<Command>& commands();

}  // namespace tfw::cli
