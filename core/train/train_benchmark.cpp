#include "core/train/train_benchmark.h"

#include <ATen/ATen.h>

#include <chrono>

#include "core/device/precision_choice.h"
#include "core/model/fast_dropout.h"
#include "core/runtime/compute_threads.h"
#include "core/runtime/host_reads.h"
#include "core/train/optimizer.h"
#include "core/train/optimizer_step.h"
#include "core/train/train_step.h"

namespace tfw {

ModelOptions benchmark_model_options(const TrainBenchOptions& o) {
    // The reference: nn.Transformer with dropout 0.1 (also on attention weights), ReLU,
    // sinusoidal positions, embeddings tied to the output layer, label smoothing 0.1,
    // Adam(1e-4, 0.9/0.98, 1e-9), clipping at 1.0.
    ModelOptions m;
    m.d_model = o.d_model;
    m.heads = o.heads;
    m.ffn_dim = o.ffn;
    m.encoder_layers = o.decoder_only ? 0 : o.layers;
    m.decoder_layers = o.layers;
    m.dropout = 0.1;
    m.attention_dropout = 0.1;
    m.pre_norm = o.norm_first;
    m.max_positions = std::max(o.src_len, o.tgt_len) + 1;
    m.src_vocab = o.decoder_only ? 0 : o.vocab;
    m.tgt_vocab = o.vocab;
    m.positional = o.positional;
    m.normalization = o.normalization;
    m.qk_norm = o.qk_norm;
    m.activation = o.activation;
    m.kv_heads = o.kv_heads > 0 ? o.kv_heads : o.heads;
    m.bias = o.bias;
    return m;
}

double training_step_flops(const TrainBenchOptions& o) {
    const double d = o.d_model, f = o.ffn, layers = o.layers, vocab = o.vocab;
    const double kv_share = o.kv_heads > 0 ? double(o.kv_heads) / o.heads : 1.0;
    const double attention = d * d * (2 + 2 * kv_share);  // q, out; k, v
    const bool gated = o.activation == Activation::Swiglu || o.activation == Activation::Geglu;
    const double feed_forward = (gated ? 3 : 2) * d * f;
    const double src_tokens = double(o.batch) * o.src_len, tgt_tokens = double(o.batch) * o.tgt_len;
    if (o.decoder_only) return 6 * (layers * (attention + feed_forward) + d * vocab) * tgt_tokens;
    const double enc_params = layers * (attention + feed_forward);
    const double dec_params = layers * (2 * attention + feed_forward);  // self and cross
    return 6 * (enc_params * src_tokens + (dec_params + d * vocab) * tgt_tokens);
}

TrainBenchResult run_train_benchmark(const TrainBenchOptions& o) {
    TrainBenchResult result;
    result.threads = configure_threads(o.threads);
    at::manual_seed(0);
    set_dropout_rng_state({0, 0});
    const at::Device device(o.device);
    result.precision = choose_precision(o.precision, device).precision;

    TransformerModel model(benchmark_model_options(o));
    model->to(device);
    model->train();
    result.params = model->parameter_count();
    TrainConfig train;
    train.optimizer = OptimizerType::Adam;
    train.lr = 1e-4;
    train.betas = {0.9, 0.98};
    train.eps = 1e-9;
    train.weight_decay = 0;
    train.clip_norm = 1.0;
    const auto optimizer = make_optimizer(train, *model);
    OptimizerStep optimizer_step(*optimizer, train);
    const at::Tensor halt = at::zeros({}, at::TensorOptions(device).dtype(at::kBool));

    BatchTensors batch;
    if (!o.decoder_only)
        batch.src = at::randint(4, o.vocab, {o.batch, o.src_len}, at::kLong).to(device);
    const at::Tensor tgt = at::randint(4, o.vocab, {o.batch, o.tgt_len + 1}, at::kLong).to(device);
    batch.tgt_in = tgt.slice(1, 0, o.tgt_len);
    batch.tgt_out = tgt.slice(1, 1, o.tgt_len + 1);
    const int64_t tgt_tokens = int64_t(o.batch) * o.tgt_len,
                  src_tokens = o.decoder_only ? 0 : int64_t(o.batch) * o.src_len;

    // As training steps: nothing is read back until the end, which waits for the device.
    auto step = [&] {
        optimizer->zero_grad();
        const LossSums sums = forward_backward(
            *model, batch, 0.1, 1.0 / static_cast<double>(tgt_tokens), result.precision);
        optimizer_step.step(train.lr, halt);
        return sums.loss;
    };
    at::Tensor last_loss;
    for (int i = 0; i < o.warmup; ++i) last_loss = step();
    if (last_loss.defined()) read_scalar(last_loss);  // the warm-up has finished on the device
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < o.steps; ++i) last_loss = step();
    result.final_loss = read_scalar(last_loss) / static_cast<double>(tgt_tokens);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() / o.steps;

    result.ms_per_step = seconds * 1e3;
    result.tgt_tokens_per_s = tgt_tokens / seconds;
    result.all_tokens_per_s = (tgt_tokens + src_tokens) / seconds;
    result.gflops = training_step_flops(o) / seconds / 1e9;
    return result;
}

}  // namespace tfw
