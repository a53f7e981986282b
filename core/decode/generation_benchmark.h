#pragma once
// Decoding throughput of a model with random weights: every input generates exactly
// `new_tokens` tokens (EOS is held off until then), so models of different components are
// timed on the same work, without a trained checkpoint. tfw bench decode times a checkpoint
// on real inputs instead.

#include <cstdint>

#include "core/config/decode_settings.h"
#include "core/model/model_options.h"

namespace tfw {

struct GenerationBenchOptions {
    int threads = 1;
    int batch = 32;       // inputs decoded together
    int batches = 4;      // timed batches (one more runs first, untimed)
    int input_len = 24;   // source tokens (EOS included), or a language model's prompt
    int new_tokens = 48;  // generated per input
    int beam = 1;
    DecodePrecision precision = DecodePrecision::Fp32;
};

struct GenerationBenchResult {
    int threads = 0;
    int64_t params = 0;
    double seconds = 0;  // of the timed batches
    int64_t tokens = 0;  // generated in them, EOS left out
    double tokens_per_s = 0;
    double sentences_per_s = 0;
};

// Throws std::invalid_argument for int8 where LibTorch has no engine for it.
GenerationBenchResult run_generation_benchmark(ModelOptions model,
                                               const GenerationBenchOptions& options);

}  // namespace tfw
