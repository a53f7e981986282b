#pragma once
// Everything the model modules need, resolved from ExperimentConfig and the vocabularies.

#include <cstdint>

#include "core/config/experiment_config.h"

namespace tfw {

struct ModelOptions {
    int64_t d_model = 256;
    int64_t heads = 8;
    int64_t ffn_dim = 1024;
    int64_t encoder_layers = 3;  // 0 for a decoder-only language model
    int64_t decoder_layers = 3;
    double dropout = 0.1;
    double attention_dropout = 0.0;
    bool pre_norm = true;
    Positional positional = Positional::Sinusoidal;
    Activation activation = Activation::Relu;
    int64_t max_positions = 1024;
    int64_t src_vocab = 0;  // 0 for a language model
    int64_t tgt_vocab = 0;
    bool shared_vocab = true;    // encoder and decoder share one embedding table
    bool tie_embeddings = true;  // output projection = target embedding
    bool causal = true;          // false: decoder self-attention also sees future tokens
    Normalization normalization = Normalization::Layer;
    bool qk_norm = false;
    double rope_base = 10000;
    int64_t kv_heads = 0;  // 0 = heads
    bool bias = true;      // in linear layers and LayerNorm
    WeightInit init = WeightInit::Xavier;

    bool is_lm() const { return encoder_layers == 0; }
};

ModelOptions model_options(const ExperimentConfig& config, int64_t src_vocab, int64_t tgt_vocab);

}  // namespace tfw
