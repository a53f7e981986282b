// Fuzzes the experiment config loader: a JSON file as `tfw train --config` reads it, then
// validation and the JSON round trip. Refusing input with ConfigError is fine; any other
// exception, crash or sanitizer report is a finding. Seeds: fuzz/seeds/config/.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "core/config/config_error.h"
#include "core/config/config_io.h"
#include "fuzz/fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string path = tfw::fuzz::write_scratch_file(
        "config.json", std::string_view(reinterpret_cast<const char*>(data), size));
    tfw::ExperimentConfig config;
    try {
        config = tfw::load_config_file(path);
    } catch (const tfw::ConfigError&) {
        return 0;
    }
    (void)tfw::validate(config);
    // What was accepted must survive saving and loading unchanged.
    const nlohmann::json saved = tfw::to_json(config);
    const nlohmann::json again = tfw::to_json(tfw::config_from_json(saved));
    if (saved != again) std::abort();
    return 0;
}
