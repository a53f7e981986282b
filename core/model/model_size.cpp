#include "core/model/model_size.h"

#include <algorithm>

namespace tfw {

namespace {

// q, k, v and the output projection, with fewer key/value heads under grouped-query attention.
int64_t attention(const ModelConfig& m) {
    const int64_t d = m.d_model, kv = int64_t(m.resolved_kv_heads()) * (d / m.heads);
    const int64_t weights = 2 * d * d + 2 * d * kv;
    const int64_t biases = m.bias ? 2 * d + 2 * kv : 0;
    const int64_t qk_norm = m.qk_norm ? 2 * (d / m.heads) : 0;
    return weights + biases + qk_norm;
}
int64_t feed_forward(const ModelConfig& m) {
    const int64_t d = m.d_model, f = m.ffn_dim;
    const bool gated = m.activation == Activation::Swiglu || m.activation == Activation::Geglu;
    const int64_t inner = gated ? 2 * f : f;
    return d * inner + f * d + (m.bias ? inner + d : 0);
}
int64_t norm(const ModelConfig& m) {
    return m.normalization == Normalization::Layer && m.bias ? 2 * m.d_model : m.d_model;
}

}  // namespace

int64_t count_parameters(const ExperimentConfig& c, int64_t src_vocab, int64_t tgt_vocab) {
    const ModelConfig& m = c.model;
    const int64_t d = m.d_model;
    const bool pre = m.norm == NormPlacement::Pre;
    const bool learned = m.positional == Positional::Learned;
    const int64_t positions = learned ? int64_t(m.max_positions) * d : 0;

    int64_t total = 0;
    // Decoder (or the whole LM): masked self-attention, cross-attention (seq2seq), FFN.
    const int64_t dec_layer =
        attention(m) + feed_forward(m) + 2 * norm(m) + (c.is_lm() ? 0 : attention(m) + norm(m));
    total += m.decoder_layers * dec_layer + (pre ? norm(m) : 0) + positions;
    total += tgt_vocab * d;                         // target embedding
    if (!m.tie_embeddings) total += tgt_vocab * d;  // separate output projection
    if (!c.is_lm()) {
        const int64_t enc_layer = attention(m) + feed_forward(m) + 2 * norm(m);
        total += m.encoder_layers * enc_layer + (pre ? norm(m) : 0) + positions;
        if (!c.tokenizer.shared) total += src_vocab * d;  // shared vocab: one table
    }
    return total;
}

int64_t gated_ffn_dim(int64_t d_model) {
    return std::max<int64_t>(8, (8 * d_model / 3 + 4) / 8 * 8);
}

int64_t kv_cache_bytes_per_token(const ExperimentConfig& c) {
    const ModelConfig& m = c.model;
    const int64_t kv = int64_t(m.resolved_kv_heads()) * (m.d_model / m.heads);
    return 2 * kv * m.decoder_layers * 4;  // keys and values, fp32, every decoder layer
}

MemoryEstimate estimate_training_memory(const ExperimentConfig& c, int64_t src_vocab,
                                        int64_t tgt_vocab) {
    MemoryEstimate m;
    const int64_t params = count_parameters(c, src_vocab, tgt_vocab);
    m.parameters_bytes = params * 4;
    m.optimizer_bytes = params * 4 * 3;
    // Per token and layer, roughly: layer inputs, q/k/v, attention output, two norms,
    // the FFN hidden (before and after activation) and dropout masks.
    const int64_t d = c.model.d_model, f = c.model.ffn_dim;
    const int64_t tokens = c.train.batch_tokens;
    const int64_t layers = c.model.decoder_layers + (c.is_lm() ? 0 : c.model.encoder_layers);
    const bool gated =
        c.model.activation == Activation::Swiglu || c.model.activation == Activation::Geglu;
    const int64_t per_token_layer = 10 * d + (gated ? 5 : 3) * f;
    const int64_t avg_len = c.is_lm() ? c.data.max_tgt_len : 32;
    const int64_t attention_maps = tokens * avg_len * c.model.heads * 3;  // weights, softmax, mask
    m.activations_bytes = 4 * (tokens * layers * per_token_layer + layers * attention_maps +
                               3 * tokens * tgt_vocab);  // logits, log-probs and their gradient
    return m;
}

}  // namespace tfw
