#include <dlfcn.h>

#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/data/sentencepiece_module.h"

namespace tfw::spm {
namespace {

constexpr const char* kModuleFile = "libtfw_sentencepiece.so";

std::vector<std::string> candidate_paths() {
    std::vector<std::string> paths;
    if (const char* env = std::getenv("TFW_SENTENCEPIECE_MODULE"); env && *env)
        paths.emplace_back(env);
    std::error_code ec;
    const auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        // Beside the executable or in a lib/ folder up to three levels above it: covers
        // build/tests, build/app/cli and installed bin/ layouts (the package's private
        // lib/transformer-workbench/), wherever the tree was moved.
        auto dir = exe.parent_path();
        for (int level = 0; level < 4 && !dir.empty(); ++level, dir = dir.parent_path()) {
            paths.push_back((dir / kModuleFile).string());
            paths.push_back((dir / "lib" / kModuleFile).string());
            paths.push_back((dir / "lib" / "transformer-workbench" / kModuleFile).string());
            if (dir == dir.root_path()) break;
        }
    }
    paths.emplace_back(TFW_SENTENCEPIECE_MODULE_PATH);
    return paths;
}

const Module* load_module() {
    std::string tried;
    for (const auto& path : candidate_paths()) {
        std::error_code ec;
        if (!std::filesystem::exists(path, ec)) {
            tried += "\n  " + path + ": not found";
            continue;
        }
        // RTLD_DEEPBIND: the module and sentencepiece resolve symbols among themselves
        // first, so sentencepiece keeps its own protobuf (the reason for the module).
        void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
        if (!handle) {
            tried += "\n  " + path + ": " + dlerror();
            continue;
        }
        using Entry = const Module* (*)();
        if (auto entry = reinterpret_cast<Entry>(dlsym(handle, "tfw_sentencepiece_module")))
            return entry();
        tried += "\n  " + path + ": no tfw_sentencepiece_module entry point";
    }
    throw std::runtime_error(
        "cannot load the sentencepiece module; set TFW_SENTENCEPIECE_MODULE to the path of " +
        std::string(kModuleFile) + ". Tried:" + tried);
}

}  // namespace

const Module& sentencepiece_module() {
    static std::once_flag once;
    static const Module* module = nullptr;
    std::call_once(once, [] { module = load_module(); });
    return *module;
}

}  // namespace tfw::spm
