#include "app/cli/bench_decode.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <cmath>
#include <iostream>

#include "app/cli/args.h"
#include "app/cli/decode_args.h"
#include "core/config/decode_fields.h"
#include "core/data/data_error.h"
#include "core/data/text_reader.h"
#include "core/decode/translator.h"
#include "core/device/cpu_features.h"
#include "core/runtime/blas_threads.h"
#include "core/runtime/compute_threads.h"

namespace tfw::cli {

int bench_decode(const std::vector<std::string>& argv) {
    Args args("bench decode",
              "Decodes every line of --src once and prints one JSON line: sentences and target "
              "tokens\n(EOS included) per second of the best hypotheses, with the settings.");
    args.option("checkpoint", "FILE", "a .tfw checkpoint")
        .option("src", "FILE", "inputs, one per line")
        .option("batch", "N", "inputs decoded together (1 = one at a time)", "64")
        .option("threads", "N", "CPU threads (0 = all cores)", "1");
    add_decode_options(args);
    if (!args.parse(argv)) return 0;
    if (args.has("batch-size")) throw UsageError("use --batch");
    const int threads = configure_threads(static_cast<int>(args.get_int("threads")));
    Translator translator(load_model(args.get("checkpoint"), args.get("device")));
    DecodeOptions options =
        decode_options_from_args(args, translator.model().checkpoint.config.decode);
    options.batch_size = static_cast<int>(args.get_int("batch"));
    require_valid(options);
    const auto sources = read_text_lines(args.get("src"));
    if (sources.empty()) throw DataError(args.get("src"), 0, "file is empty");

    // The decoding copy is made before the clock starts, as a decoder's model is loaded.
    translator.prepare(options.precision);
    const auto start = std::chrono::steady_clock::now();
    const auto outputs = translator.translate(sources, options);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    int64_t tokens = 0;
    for (const auto& per_input : outputs)
        if (!per_input.empty())
            tokens += static_cast<int64_t>(per_input.front().hypothesis.token_log_probs.size());
    auto rounded = [](double value) { return std::round(value * 10) / 10; };
    nlohmann::ordered_json out{
        {"impl", "tfw"},
        {"checkpoint", args.get("checkpoint")},
        {"sentences", sources.size()},
        {"beam", options.sample ? 1 : options.beam},
        {"precision", to_json(static_cast<const DecodeSettings&>(options))["precision"]},
        {"sample", options.sample},
        {"batch", options.batch_size},
        {"threads", threads},
        {"device", args.get("device")},
        {"seconds", std::round(seconds * 1000) / 1000},
        {"tgt_tokens", tokens},
        {"sentences_per_s", rounded(static_cast<double>(sources.size()) / seconds)},
        {"tgt_tokens_per_s", rounded(static_cast<double>(tokens) / seconds)}};
    // The kernels a CPU timing ran on: OpenBLAS picks them per processor.
    if (const std::string core = openblas_core_name(); !core.empty()) out["openblas"] = core;
    out["cpu_isa"] = cpu_isa_name(cpu_features());  // ours: TFW_MAX_CPU_ISA caps them
    std::cout << out.dump() << std::endl;
    return 0;
}

}  // namespace tfw::cli
