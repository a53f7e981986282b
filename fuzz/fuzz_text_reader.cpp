// Fuzzes the corpus readers: read_text_lines (plain or gzip, by content) and read_split on a
// pair of parallel files. The input is one file, or two separated by "\n--8<--\n" (source,
// then target). Refusing input with DataError/ConfigError is fine; anything else is a finding.
// Seeds: fuzz/seeds/text_reader/.
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "core/config/config_error.h"
#include "core/data/data_error.h"
#include "core/data/split_reader.h"
#include "core/data/text_reader.h"
#include "fuzz/fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const auto [first, second] = tfw::fuzz::split_input(data, size);
    const std::string whole = tfw::fuzz::write_scratch_file(
        "whole.txt", std::string_view(reinterpret_cast<const char*>(data), size));
    try {
        for (const std::string& line : tfw::read_text_lines(whole))
            if (!tfw::is_valid_utf8(line) || line.find('\n') != std::string::npos) std::abort();
    } catch (const tfw::DataError&) {
    }

    tfw::ExperimentConfig config;
    config.data.dir = "";
    config.data.train_src = tfw::fuzz::write_scratch_file("train.src", first);
    config.data.train_tgt = tfw::fuzz::write_scratch_file("train.tgt", second);
    try {
        const tfw::RawSplit split = tfw::read_split(config, tfw::Split::Train);
        if (split.src.size() != split.tgt.size()) std::abort();
    } catch (const tfw::DataError&) {
    } catch (const tfw::ConfigError&) {
    }
    return 0;
}
