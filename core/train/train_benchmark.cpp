#include "core/train/train_benchmark.h"

#include <ATen/ATen.h>

#include <chrono>

#include "core/device/precision_choice.h"
#include "core/model/fast_dropout.h"
#include "core/runtime/compute_threads.h"
#include "core/runtime/host_reads.h"
#include "core/train/optimizer.h"
#include "core/train/optimizer_step.h"
#include "core/train/step_graphs.h"
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

    // Random batches of o.shapes shapes, the first of the full lengths.
    std::vector<Batch> batches;
    for (int k = 0; k < std::max(1, o.shapes); ++k) {
        Batch b;
        b.size = o.batch;
        b.src_len = o.decoder_only ? 0 : std::max(1, o.src_len - k);
        b.tgt_len = std::max(1, o.tgt_len - k);
        const auto ids = [&](int64_t len) {
            const at::Tensor t = at::randint(4, o.vocab, {o.batch * len}, at::kLong);
            return std::vector<int64_t>(t.data_ptr<int64_t>(), t.data_ptr<int64_t>() + t.numel());
        };
        b.src = ids(b.src_len);
        const std::vector<int64_t> tgt = ids(b.tgt_len + 1);
        for (int64_t row = 0; row < b.size; ++row) {
            const auto first = tgt.begin() + row * (b.tgt_len + 1);
            b.tgt_in.insert(b.tgt_in.end(), first, first + b.tgt_len);
            b.tgt_out.insert(b.tgt_out.end(), first + 1, first + b.tgt_len + 1);
        }
        b.src_tokens = b.size * b.src_len;
        b.tgt_tokens = b.size * b.tgt_len;
        batches.push_back(std::move(b));
    }

    // As training steps: nothing is read back until the end, which waits for the device.
    StepGraphs graphs(device, o.cuda_graphs, [&] { return step_state(*model, optimizer_step); });
    result.cuda_graphs = graphs.recording();
    auto step = [&](const Batch& b) {
        const double scale = 1.0 / static_cast<double>(b.tgt_tokens);
        if (!o.cuda_graphs) {  // the loop over batches that accumulation and fp16 take
            optimizer->zero_grad();
            const LossSums sums =
                forward_backward(*model, to_tensors(b, device), 0.1, scale, result.precision);
            optimizer_step.step(train.lr, halt);
            return sums.loss * scale;
        }
        const auto body = [&](const StepInputs& in) {
            return take_step(*model, optimizer_step, in, train.lr, 0.1, result.precision,
                             graphs.recording());
        };
        return graphs.run(b, scale, train.lr, halt, body).loss * scale;
    };
    // Waits for every step so far and times the next `count` of them.
    const auto timed = [&](int count, size_t first_batch) {
        at::Tensor last = step(batches[first_batch % batches.size()]);
        read_scalar(last);
        const auto start = std::chrono::steady_clock::now();
        for (int i = 0; i < count; ++i)
            last = step(batches[(first_batch + 1 + i) % batches.size()]);
        result.final_loss = read_scalar(last);
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() /
               std::max(1, count);
    };
    for (int i = 0; i + 1 < o.warmup; ++i) step(batches[0]);
    const int others = static_cast<int>(batches.size()) - 1;
    if (others > 0) {
        // Each of the other shapes once (new), then once more (recorded, with graphs).
        result.first_visit_ms = timed(others, 0) * 1e3;
        result.second_visit_ms = timed(others, 0) * 1e3;
    }
    const double seconds = timed(o.steps, 0);
    if (!graphs.failure().empty()) {
        result.cuda_graphs = false;
        result.graph_failure = graphs.failure();
    }

    // Tokens of an average step (every shape comes equally often).
    double tgt_tokens = 0, src_tokens = 0;
    for (const Batch& b : batches) {
        tgt_tokens += static_cast<double>(b.tgt_tokens) / static_cast<double>(batches.size());
        src_tokens += static_cast<double>(b.src_tokens) / static_cast<double>(batches.size());
    }
    result.ms_per_step = seconds * 1e3;
    result.tgt_tokens_per_s = tgt_tokens / seconds;
    result.all_tokens_per_s = (tgt_tokens + src_tokens) / seconds;
    result.gflops = training_step_flops(o) / seconds / 1e9;
    return result;
}

}  // namespace tfw
