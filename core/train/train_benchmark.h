#pragma once
// Training-step throughput on random batches, with the shapes, defaults and output keys
// of the Python reference (ref_train_step.py), so both can be run back to back.

#include <cstdint>
#include <string>

#include "core/config/experiment_config.h"
#include "core/model/model_options.h"

namespace tfw {

struct TrainBenchOptions {
    int threads = 2;
    int steps = 20;  // timed steps
    int warmup = 3;  // untimed steps first
    int batch = 64;
    int src_len = 24;
    int tgt_len = 24;
    int d_model = 256;
    int heads = 8;
    int ffn = 1024;
    int layers = 3;  // encoder and decoder each
    int vocab = 8000;
    bool norm_first = false;  // the reference's default is post-LN
    // The components that came after the reference's 2017 model; the defaults are its choices.
    Positional positional = Positional::Sinusoidal;
    Normalization normalization = Normalization::Layer;
    bool qk_norm = false;
    Activation activation = Activation::Relu;
    int kv_heads = 0;  // key/value heads (0 = heads)
    bool bias = true;
    bool decoder_only = false;  // a language model on tgt_len-token windows, no encoder
    std::string device = "cpu";
    Precision precision = Precision::Fp32;  // auto: as a training run on `device` would choose
    // Steps as training takes them in one process (on a GPU replayed as CUDA graphs); false:
    // the loop over batches that accumulation and fp16 take, every kernel launched.
    bool cuda_graphs = true;
    // Above 1: the batches take this many shapes (lengths src_len, src_len - 1, ... and
    // tgt_len, tgt_len - 1, ...), to time what a step of a shape not seen before costs.
    int shapes = 1;
};

struct TrainBenchResult {
    int threads = 0;
    int64_t params = 0;
    double ms_per_step = 0;
    double tgt_tokens_per_s = 0;
    double all_tokens_per_s = 0;
    double gflops = 0;  // model FLOP/s counted as the reference counts them
    double final_loss = 0;
    Precision precision = Precision::Fp32;  // what it computed in (auto resolved)
    bool cuda_graphs = false;               // the steps replayed as CUDA graphs
    std::string graph_failure;              // why recording failed, if it did
    // With shapes > 1: ms per step the first time each shape came (the warm-up's shape
    // excluded), and the second time (when graphs are recorded).
    double first_visit_ms = 0, second_visit_ms = 0;
};

// The model the benchmark times: the reference's, with the components of `options`.
ModelOptions benchmark_model_options(const TrainBenchOptions& options);

// Model FLOPs of one training step, counted as the reference counts them: 6 per multiply-add
// weight per token it acts on (attention scores and norms left out).
double training_step_flops(const TrainBenchOptions& options);

TrainBenchResult run_train_benchmark(const TrainBenchOptions& options);

}  // namespace tfw
