#pragma once
// The model flags tfw bench train and tfw bench generate share: the Python reference's
// shape and the components that came after its 2017 model (positions, normalisation, gated
// feed-forward, key/value heads, biases, decoder-only).

#include <nlohmann/json.hpp>

#include "app/cli/args.h"
#include "core/train/train_benchmark.h"

namespace tfw::cli {

void add_bench_model_options(Args& args, const TrainBenchOptions& defaults);

// Reads the shape and components into `options`; throws UsageError for a bad value.
void read_bench_model_options(const Args& args, TrainBenchOptions& options);

// The components as the JSON line reports them.
nlohmann::json bench_model_json(const Args& args);

}  // namespace tfw::cli
