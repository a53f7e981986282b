#include "core/model/model_size.h"

namespace tfw {

namespace {

int64_t attention(int64_t d) {
    return 4 * d * d + 4 * d;
}  // q, k, v, out with biases
int64_t feed_forward(int64_t d, int64_t f) {
    return 2 * d * f + f + d;
}
int64_t layer_norm(int64_t d) {
    return 2 * d;
}

}  // namespace

int64_t count_parameters(const ExperimentConfig& c, int64_t src_vocab, int64_t tgt_vocab) {
    const int64_t d = c.model.d_model, f = c.model.ffn_dim;
    const bool pre = c.model.norm == NormPlacement::Pre;
    const bool learned = c.model.positional == Positional::Learned;
    const int64_t positions = learned ? int64_t(c.model.max_positions) * d : 0;

    int64_t total = 0;
    // Decoder (or the whole LM): masked self-attention, cross-attention (seq2seq), FFN.
    const int64_t dec_layer = attention(d) + feed_forward(d, f) + 2 * layer_norm(d) +
                              (c.is_lm() ? 0 : attention(d) + layer_norm(d));
    total += c.model.decoder_layers * dec_layer + (pre ? layer_norm(d) : 0) + positions;
    total += tgt_vocab * d;                               // target embedding
    if (!c.model.tie_embeddings) total += tgt_vocab * d;  // separate output projection
    if (!c.is_lm()) {
        const int64_t enc_layer = attention(d) + feed_forward(d, f) + 2 * layer_norm(d);
        total += c.model.encoder_layers * enc_layer + (pre ? layer_norm(d) : 0) + positions;
        if (!c.tokenizer.shared) total += src_vocab * d;  // shared vocab: one table
    }
    return total;
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
    const int64_t per_token_layer = 10 * d + 3 * f;
    const int64_t avg_len = c.is_lm() ? c.data.max_tgt_len : 32;
    const int64_t attention_maps = tokens * avg_len * c.model.heads * 3;  // weights, softmax, mask
    m.activations_bytes = 4 * (tokens * layers * per_token_layer + layers * attention_maps +
                               3 * tokens * tgt_vocab);  // logits, log-probs and their gradient
    return m;
}

}  // namespace tfw
