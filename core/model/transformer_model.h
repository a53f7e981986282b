#pragma once
// The whole network: an encoder-decoder (translation, summarization) or, with no encoder
// layers, a decoder-only causal language model. Embeddings are scaled by sqrt(d_model);
// positions are added (or act in attention: rope, alibi); pre-LN stacks end in a final norm;
// the output projection is the target embedding when tied.

#include <torch/nn/module.h>
#include <torch/nn/modules/container/modulelist.h>
#include <torch/nn/modules/embedding.h>
#include <torch/nn/modules/linear.h>
#include <torch/nn/modules/normalization.h>

#include <vector>

#include "core/model/attention_maps.h"
#include "core/model/decoder_layer.h"
#include "core/model/encoder_layer.h"
#include "core/model/model_options.h"
#include "core/model/norm.h"
#include "core/model/packed_linear.h"
#include "core/model/positional_encoding.h"

namespace tfw {

struct EncoderOutput {
    at::Tensor memory;       // [B, S, d]
    at::Tensor memory_mask;  // additive [B, 1, 1, S]: -inf at padding
    at::Tensor src;          // the token ids, [B, S]
    // Keeps the rows `indices` (a search drops the inputs it has finished).
    void select(const at::Tensor& indices);
    // Keeps the first `rows` rows after rows `from` have moved into rows `to` (a search whose
    // row order does not matter drops finished rows, copying only the rows that move).
    void move_rows(const at::Tensor& to, const at::Tensor& from, int64_t rows);
    // Rows `rows` of `from` replace rows `slots` (a search starts new inputs in the rows of
    // finished ones); the shorter of the two is padded to the longer source.
    void place(const at::Tensor& slots, const EncoderOutput& from, const at::Tensor& rows);
};

// Per-layer keys and values of a decoding in progress.
struct DecoderCache {
    std::vector<DecoderLayerCache> layers;
    int64_t length = 0;  // tokens decoded so far
    // Each row's next position, [rows] long, once rows have restarted (restart_rows);
    // undefined while every row is at `length`.
    at::Tensor positions;
    // Reorders select rows of a table of where each row's keys are (AttentionCache::origins)
    // instead of copying the keys and values: for a beam search on the CPU, whose step
    // attention reads through the table (a reorder copied every key of every row at each step).
    bool follow_origins = false;
    // Keeps the rows `indices` of the self-attention keys and values (beam search reorders
    // hypotheses).
    void select(const at::Tensor& indices);
    // Keeps the rows `indices` of the cross-attention keys and values, which have one row per
    // input, however many hypotheses it has (beam search drops finished inputs).
    void select_memory(const at::Tensor& indices);
    // EncoderOutput::move_rows for the self- and cross-attention keys and values and the
    // rows' positions (not for a cache that follows origins: its rows point at each other's).
    void move_rows(const at::Tensor& to, const at::Tensor& from, int64_t rows);
    // Self-attention rows `rows` start a new output at position 0 with their next step.
    void restart_rows(const at::Tensor& rows);
    // Cross-attention rows `rows` of `from` replace rows `slots` (with EncoderOutput::place).
    void place_memory(const at::Tensor& slots, const DecoderCache& from, const at::Tensor& rows);
};

enum class AttentionStack { EncoderSelf, DecoderSelf, Cross };

struct TransformerModelImpl : torch::nn::Module {
    explicit TransformerModelImpl(ModelOptions options);

    // Teacher-forced logits [B, T, V]; src undefined for a language model.
    at::Tensor forward(const at::Tensor& src, const at::Tensor& tgt_in,
                       AttentionMaps* maps = nullptr);

    EncoderOutput encode(const at::Tensor& src, AttentionMaps* maps = nullptr);
    // Hidden states [B, T, d] of the whole target prefix (teacher forcing).
    at::Tensor decode(const at::Tensor& tgt_in, const EncoderOutput* encoded,
                      AttentionMaps* maps = nullptr);
    // One step: logits [B, V] for the next token after `tokens` [B, 1], using and extending cache.
    at::Tensor decode_step(const at::Tensor& tokens, const EncoderOutput* encoded,
                           DecoderCache& cache, AttentionMaps* maps = nullptr);
    at::Tensor project(const at::Tensor& hidden);  // [.., d] -> [.., V]
    // A cache holding only the cross-attention keys and values of `encoded` (inputs encoded
    // ahead, to be placed into a running search's cache with DecoderCache::place_memory).
    DecoderCache memory_cache(const EncoderOutput& encoded);

    // Switches heads off (mask of 0/1 per head) in one layer; undefined mask = all on.
    void set_head_mask(AttentionStack stack, int64_t layer, at::Tensor mask);

    // Every linear layer and the output projection multiply with packed weights from now on
    // (decoding on the CPU; see packed_linear.h).
    void pack_weights(WeightPacking packing);

    const ModelOptions& options() const { return options_; }
    int64_t parameter_count() const;

  private:
    at::Tensor embed(const at::Tensor& tokens, torch::nn::Embedding& table, PositionalEncoding& pos,
                     int64_t offset);

    ModelOptions options_;
    double embed_scale_;
    torch::nn::Embedding src_embedding_{nullptr};  // null when the vocabulary is shared
    torch::nn::Embedding tgt_embedding_{nullptr};
    PositionalEncoding src_positions_{nullptr}, tgt_positions_{nullptr};
    torch::nn::ModuleList encoder_layers_{nullptr}, decoder_layers_{nullptr};
    Norm encoder_norm_{nullptr}, decoder_norm_{nullptr};  // pre-LN only
    PackedLinear output_{nullptr};                        // untied only
    PackedWeights tied_output_;                           // tied, after pack_weights
};
TORCH_MODULE(TransformerModel);

// Xavier-uniform for every matrix, zeros for biases, ones for norm gains; init scaled then
// scales the residual branches' output projections (GPT-2).
void initialize_weights(TransformerModelImpl& model);

}  // namespace tfw
