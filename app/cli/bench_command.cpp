// tfw bench train: training-step throughput, comparable with the Python reference.
// tfw bench decode and generate: see bench_decode.h and bench_generate.h.
#include <iostream>

#include <nlohmann/json.hpp>

#include "app/cli/args.h"
#include "app/cli/bench_decode.h"
#include "app/cli/bench_generate.h"
#include "app/cli/bench_model_args.h"
#include "app/cli/command.h"
#include "core/device/precision_choice.h"
#include "core/runtime/blas_threads.h"
#include "core/train/train_benchmark.h"

namespace tfw::cli {
namespace {

int bench_train(const std::vector<std::string>& argv) {
    const TrainBenchOptions d;
    Args args("bench train",
              "Times training steps of a Transformer on random batches and prints one JSON "
              "line\n(same flags, defaults and keys as the Python reference ref_train_step.py, "
              "whose model is the\n2017 encoder-decoder; the component flags change it one "
              "part at a time).");
    args.option("threads", "N", "CPU threads", std::to_string(d.threads))
        .option("steps", "N", "timed steps", std::to_string(d.steps))
        .option("warmup", "N", "untimed steps first", std::to_string(d.warmup))
        .option("batch", "B", "sentences per batch", std::to_string(d.batch))
        .option("src-len", "L", "source length", std::to_string(d.src_len))
        .option("tgt-len", "L", "target length", std::to_string(d.tgt_len))
        .option("src", "L", "alias of --src-len")
        .option("tgt", "L", "alias of --tgt-len")
        .option("device", "cpu|cuda", "where to run", d.device)
        .option("precision", "fp32|bf16|fp16|auto",
                "matrix precision (auto: bf16 where the device runs it natively)", "fp32")
        .flag("eager", "launch every kernel, no CUDA graphs (the step of fp16 and accumulation)")
        .option("shapes", "N",
                "batch shapes (lengths L, L-1, ...): also times a shape's first and second step",
                "1");
    add_bench_model_options(args, d);
    if (!args.parse(argv)) return 0;

    TrainBenchOptions o;
    o.threads = static_cast<int>(args.get_int("threads"));
    o.steps = static_cast<int>(args.get_int("steps"));
    o.warmup = static_cast<int>(args.get_int("warmup"));
    o.batch = static_cast<int>(args.get_int("batch"));
    o.src_len = static_cast<int>(args.get_int(args.has("src") ? "src" : "src-len"));
    o.tgt_len = static_cast<int>(args.get_int(args.has("tgt") ? "tgt" : "tgt-len"));
    read_bench_model_options(args, o);
    o.device = args.get("device");
    o.cuda_graphs = !args.has("eager");
    o.shapes = static_cast<int>(args.get_int("shapes"));
    if (o.shapes < 1) throw UsageError("--shapes must be at least 1");
    const std::string precision = args.get("precision");
    if (precision == "bf16")
        o.precision = Precision::Bf16;
    else if (precision == "fp16")
        o.precision = Precision::Fp16;
    else if (precision == "auto")
        o.precision = Precision::Auto;
    else if (precision != "fp32")
        throw UsageError("--precision must be fp32, bf16, fp16 or auto, got '" + precision + "'");

    const TrainBenchResult r = run_train_benchmark(o);
    nlohmann::json out{{"impl", "tfw"},
                       {"threads", r.threads},
                       {"params", r.params},
                       {"norm_first", o.norm_first},
                       {"model", bench_model_json(args)},
                       {"precision", precision_name(r.precision)},
                       {"device", o.device},
                       {"ms_per_step", std::round(r.ms_per_step * 100) / 100},
                       {"tgt_tokens_per_s", std::round(r.tgt_tokens_per_s * 10) / 10},
                       {"all_tokens_per_s", std::round(r.all_tokens_per_s * 10) / 10},
                       {"gflops", std::round(r.gflops * 100) / 100},
                       {"cuda_graphs", r.cuda_graphs},
                       {"final_loss", std::round(r.final_loss * 1e4) / 1e4}};
    if (!r.graph_failure.empty()) out["graph_failure"] = r.graph_failure;
    if (o.shapes > 1) {
        out["shapes"] = o.shapes;
        out["first_visit_ms"] = std::round(r.first_visit_ms * 100) / 100;
        out["second_visit_ms"] = std::round(r.second_visit_ms * 100) / 100;
    }
    // The kernels a CPU timing ran on: OpenBLAS picks them per processor.
    if (const std::string core = openblas_core_name(); !core.empty()) out["openblas"] = core;
    std::cout << out.dump() << std::endl;
    return 0;
}

int bench(const std::vector<std::string>& argv) {
    if (!argv.empty() && argv[0] == "train") return bench_train({argv.begin() + 1, argv.end()});
    if (!argv.empty() && argv[0] == "decode") return bench_decode({argv.begin() + 1, argv.end()});
    if (!argv.empty() && argv[0] == "generate")
        return bench_generate({argv.begin() + 1, argv.end()});
    std::cout << "usage: tfw bench train|decode|generate [options]\n\nBenchmarks; 'tfw bench "
                 "train --help' (and decode, generate) for the options.\n";
    return argv.empty() || argv[0] == "--help" ? 0 : 2;
}

const bool registered = register_command({"bench", "measure training or decoding speed", bench});

}  // namespace
}  // namespace tfw::cli
