#include "app/cli/bench_generate.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <iostream>

#include "app/cli/bench_model_args.h"
#include "app/cli/decode_args.h"
#include "core/decode/generation_benchmark.h"
#include "core/device/cpu_features.h"
#include "core/runtime/blas_threads.h"

namespace tfw::cli {

int bench_generate(const std::vector<std::string>& argv) {
    const GenerationBenchOptions d;
    Args args("bench generate",
              "Generates exactly --new-tokens tokens for each of --batch x --batches random "
              "inputs with a\nrandomly initialised model (the model flags of tfw bench train) "
              "and prints one JSON line.");
    args.option("threads", "N", "CPU threads (0 = all cores)", std::to_string(d.threads))
        .option("batch", "N", "inputs decoded together", std::to_string(d.batch))
        .option("batches", "N", "timed batches (one more runs first, untimed)",
                std::to_string(d.batches))
        .option("input-len", "L", "source length (EOS included), or a language model's prompt",
                std::to_string(d.input_len))
        .option("new-tokens", "N", "tokens generated per input", std::to_string(d.new_tokens))
        .option("beam", "K", "beam size (1 = greedy)", std::to_string(d.beam));
    add_decode_option(args, "precision");
    add_bench_model_options(args, TrainBenchOptions{});
    if (!args.parse(argv)) return 0;

    TrainBenchOptions shape;
    read_bench_model_options(args, shape);
    GenerationBenchOptions o;
    o.threads = static_cast<int>(args.get_int("threads"));
    o.batch = static_cast<int>(args.get_int("batch"));
    o.batches = static_cast<int>(args.get_int("batches"));
    o.input_len = static_cast<int>(args.get_int("input-len"));
    o.new_tokens = static_cast<int>(args.get_int("new-tokens"));
    o.beam = static_cast<int>(args.get_int("beam"));
    DecodeSettings settings;
    read_decode_option(args, "precision", settings);
    o.precision = settings.precision;
    if (o.batch < 1 || o.batches < 1 || o.input_len < 1 || o.new_tokens < 1 || o.beam < 1)
        throw UsageError("--batch, --batches, --input-len, --new-tokens and --beam must be >= 1");
    shape.src_len = shape.tgt_len = o.input_len + o.new_tokens;

    const GenerationBenchResult r = run_generation_benchmark(benchmark_model_options(shape), o);
    auto rounded = [](double value) { return std::round(value * 10) / 10; };
    nlohmann::json out{{"impl", "tfw"},
                       {"params", r.params},
                       {"norm_first", shape.norm_first},
                       {"model", bench_model_json(args)},
                       {"precision", to_json(settings)["precision"]},
                       {"threads", r.threads},
                       {"batch", o.batch},
                       {"beam", o.beam},
                       {"input_len", o.input_len},
                       {"new_tokens", o.new_tokens},
                       {"seconds", std::round(r.seconds * 1000) / 1000},
                       {"tokens", r.tokens},
                       {"tokens_per_s", rounded(r.tokens_per_s)},
                       {"sentences_per_s", rounded(r.sentences_per_s)}};
    if (const std::string core = openblas_core_name(); !core.empty()) out["openblas"] = core;
    out["cpu_isa"] = cpu_isa_name(cpu_features());  // ours: TFW_MAX_CPU_ISA caps them
    std::cout << out.dump() << std::endl;
    return 0;
}

}  // namespace tfw::cli
