#pragma once
#include <string>
#include <vector>

namespace tfw {

struct BuiltinPreset {
    std::string name;  // file name without .json
    std::string json;  // the file's text
};

// The JSON files of resources/presets/, compiled in (generated at build time).
const std::vector<BuiltinPreset>& builtin_presets();

}  // namespace tfw
