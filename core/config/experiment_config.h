#pragma once
// ExperimentConfig: everything that defines an experiment, as plain structs with defaults.
// Every field is reachable by a dotted key ("model.d_model") through config_schema.h,
// which also drives JSON round-trips, `--set key=value` and the GUI form.

#include <array>
#include <string>
#include <vector>

#include "core/config/decode_settings.h"

namespace tfw {

enum class Task { Translation, Summarization, LanguageModel };
enum class TokenizerType { SentencePiece, Word };
enum class SubwordModel { Bpe, Unigram };
enum class NormPlacement { Pre, Post };
enum class Positional { Sinusoidal, Learned, None, Rope, Alibi };
// Gated variants (SwiGLU, GeGLU) multiply act(W_gate x) by W_up x elementwise.
enum class Activation { Relu, Gelu, Swiglu, Geglu };
enum class Normalization { Layer, Rms };
enum class WeightInit { Xavier, Scaled };
// Which parameters weight decay applies to: all, or the matrices of linear layers only (not
// norms, biases or embeddings, as today's recipes do).
enum class DecayScope { All, Matrices };
enum class OptimizerType { Adam, AdamW };
enum class Schedule { Noam, InverseSqrt, Cosine, Constant };
enum class DevicePref { Auto, Cpu, Cuda };
// auto: bf16 where the device runs it natively, else fp32 (core/device/precision_choice.h).
enum class Precision { Auto, Fp32, Bf16, Fp16 };
// What the best checkpoint and early stopping go by: the validation loss, or BLEU / ROUGE-L of
// the validation set decoded greedily at each validation (seq2seq only).
enum class ValidMetric { Loss, Bleu, RougeL };
enum class Synthetic { None, Reverse };

struct DataConfig {
    std::string dir;  // relative paths below are resolved against this ("" = working dir)
    Synthetic synthetic = Synthetic::None;  // generate a built-in task instead of reading files
    std::string train_src, train_tgt;       // translation / summarization: aligned files
    std::string valid_src, valid_tgt;
    std::string test_src, test_tgt;
    std::string train, valid, test;  // language modelling: plain text
    int max_src_len = 128;           // longer training pairs are skipped (and counted)
    int max_tgt_len = 128;           // for lm: the window length in tokens
};

struct TokenizerConfig {
    TokenizerType type = TokenizerType::SentencePiece;
    SubwordModel model_type = SubwordModel::Bpe;
    int vocab_size = 8000;  // subword vocabulary (word-level: upper bound, 0 = no cap)
    bool shared = true;     // one vocabulary for source and target
    bool lowercase = false;
    std::string model;  // existing sentencepiece .model to load instead of training
    int min_freq = 1;   // word-level: drop words seen fewer times
};

struct ModelConfig {
    int d_model = 256;
    int heads = 8;
    int encoder_layers = 3;  // ignored for lm
    int decoder_layers = 3;
    int ffn_dim = 1024;
    double dropout = 0.1;            // residual branches and embeddings
    double attention_dropout = 0.0;  // on attention weights
    NormPlacement norm = NormPlacement::Pre;
    Positional positional = Positional::Sinusoidal;
    bool tie_embeddings = true;  // share input embeddings and output projection
    Activation activation = Activation::Relu;
    int max_positions = 1024;  // size of the learned / sinusoidal position table
    bool causal = true;        // false: decoder self-attention sees future tokens (a leak demo)
    Normalization normalization = Normalization::Layer;
    bool qk_norm = false;      // RMSNorm of queries and keys per head
    double rope_base = 10000;  // positional rope: the base of its wavelengths
    int kv_heads = 0;          // key/value heads (grouped-query attention); 0 = heads
    bool bias = true;          // biases in linear layers and LayerNorm
    WeightInit init = WeightInit::Xavier;

    int resolved_kv_heads() const { return kv_heads > 0 ? kv_heads : heads; }
};

struct TrainConfig {
    OptimizerType optimizer = OptimizerType::Adam;
    double lr = 1e-3;  // peak learning rate (noam: ignored, see noam_factor)
    std::array<double, 2> betas{0.9, 0.98};
    double eps = 1e-9;
    double weight_decay = 0.0;
    DecayScope decay_scope = DecayScope::Matrices;
    Schedule schedule = Schedule::InverseSqrt;
    int warmup_steps = 400;
    double noam_factor = 1.0;
    double label_smoothing = 0.1;
    double clip_norm = 1.0;   // 0 = no clipping
    int batch_tokens = 4096;  // target tokens (plus source) per batch, before accumulation
    int accumulate = 1;       // batches per optimizer step
    int epochs = 10;
    int max_steps = 0;       // 0 = no limit (epochs decide)
    int max_tokens = 0;      // stop after this many target tokens (0 = no limit)
    double max_minutes = 0;  // stop after this much training wall time (0 = no limit)
    int valid_every = 500;   // optimizer steps between validations (0 = once per epoch)
    int log_every = 10;      // optimizer steps between history lines
    int save_every = 0;      // steps between periodic checkpoints (0 = only last and best)
    int patience = 0;        // validations without improvement before stopping (0 = never)
    ValidMetric valid_metric = ValidMetric::Loss;  // what "improvement" and best.tfw go by
    bool stop_on_divergence = true;                // end a run whose loss explodes or becomes NaN
    // Steps between attention snapshots of the probes (0 = with every validation, -1 = none).
    int snapshot_every = 0;
    std::string probes;  // probe inputs separated by '|' (empty = two validation inputs)
    int seed = 42;
    DevicePref device = DevicePref::Auto;
    int threads = 0;                        // intra-op CPU threads (0 = all cores)
    Precision precision = Precision::Fp32;  // the presets say auto
    bool cuda_graphs = true;  // on a GPU: batches cut to few shapes, steps replayed as graphs
};

// Sinusoidal and learned positions come from a table of model.max_positions rows.
inline bool has_position_table(Positional p) {
    return p == Positional::Sinusoidal || p == Positional::Learned;
}
// rope and alibi act on attention scores and run at any length; every other model stops at
// model.max_positions.
inline bool is_relative(Positional p) {
    return p == Positional::Rope || p == Positional::Alibi;
}

struct ExperimentConfig {
    std::string name = "experiment";
    std::string description;  // what the experiment is for, shown above the form (presets)
    Task task = Task::Translation;
    DataConfig data;
    TokenizerConfig tokenizer;
    ModelConfig model;
    TrainConfig train;
    DecodeSettings decode;  // defaults of every decoding command

    bool is_lm() const { return task == Task::LanguageModel; }
};

}  // namespace tfw
