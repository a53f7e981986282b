#include "core/model/model_options.h"

namespace tfw {

ModelOptions model_options(const ExperimentConfig& c, int64_t src_vocab, int64_t tgt_vocab) {
    ModelOptions o;
    o.d_model = c.model.d_model;
    o.heads = c.model.heads;
    o.ffn_dim = c.model.ffn_dim;
    o.encoder_layers = c.is_lm() ? 0 : c.model.encoder_layers;
    o.decoder_layers = c.model.decoder_layers;
    o.dropout = c.model.dropout;
    o.attention_dropout = c.model.attention_dropout;
    o.pre_norm = c.model.norm == NormPlacement::Pre;
    o.positional = c.model.positional;
    o.activation = c.model.activation;
    o.max_positions = c.model.max_positions;
    o.src_vocab = c.is_lm() ? 0 : src_vocab;
    o.tgt_vocab = tgt_vocab;
    o.shared_vocab = c.is_lm() || c.tokenizer.shared;
    o.tie_embeddings = c.model.tie_embeddings;
    o.causal = c.model.causal;
    o.normalization = c.model.normalization;
    o.qk_norm = c.model.qk_norm;
    o.rope_base = c.model.rope_base;
    o.kv_heads = c.model.resolved_kv_heads();
    o.bias = c.model.bias;
    o.init = c.model.init;
    return o;
}

}  // namespace tfw
