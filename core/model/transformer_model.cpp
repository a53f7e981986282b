#include "core/model/transformer_model.h"

#include <ATen/ATen.h>
#include <torch/nn/init.h>

#include <cmath>
#include <limits>

#include "core/data/tokenizer.h"
#include "core/model/fast_dropout.h"

namespace tfw {

namespace {

at::Tensor causal_mask(int64_t len, const at::TensorOptions& options) {
    return at::triu(at::full({len, len}, -std::numeric_limits<float>::infinity(), options), 1);
}

at::Tensor padding_mask(const at::Tensor& tokens, const at::TensorOptions& options) {
    const at::Tensor pad = tokens.eq(kPadId).view({tokens.size(0), 1, 1, tokens.size(1)});
    return at::zeros(pad.sizes(), options)
        .masked_fill_(pad, -std::numeric_limits<float>::infinity());
}

// Self-attention's buffers have room beyond the positions filled: only those are copied
// (the whole buffer of 320 rows x 128 positions took 20 times as long as its first 30).
// Rows at their own positions fill up to the furthest row's, which falls when it restarts.
void keep_rows(AttentionCache& cache, const at::Tensor& indices, bool self_attention) {
    if (!cache.keys.defined()) return;
    const int64_t filled = self_attention ? cache.length : cache.keys.size(2);
    const auto kept = [&](const at::Tensor& buffer) {
        if (filled == buffer.size(2)) return buffer.index_select(0, indices);
        // Room for a few more steps: the whole capacity would be pages to fault in anew at
        // every step of a beam search.
        std::vector<int64_t> shape = buffer.sizes().vec();
        shape[0] = indices.size(0);
        shape[2] = std::min(shape[2], filled + 8);
        at::Tensor out = at::empty(shape, buffer.options());
        at::Tensor part = out.narrow(2, 0, filled);
        at::index_select_out(part, buffer.narrow(2, 0, filled), 0, indices);
        return out;
    };
    cache.keys = kept(cache.keys);
    cache.values = kept(cache.values);
}

// `t` widened along dimension `dim` to `size`, the new entries `fill`.
at::Tensor widened(const at::Tensor& t, int64_t dim, int64_t size, double fill) {
    if (t.size(dim) >= size) return t;
    std::vector<int64_t> shape = t.sizes().vec();
    shape[static_cast<size_t>(dim)] = size - t.size(dim);
    return at::cat({t, at::full(shape, fill, t.options())}, dim);
}

// Rows `rows` of `from` into rows `slots` of `into`, both widened along `dim` to the wider.
void place_rows(at::Tensor& into, const at::Tensor& slots, const at::Tensor& from,
                const at::Tensor& rows, int64_t dim, double fill) {
    const int64_t size = std::max(into.size(dim), from.size(dim));
    into = widened(into, dim, size, fill);
    into.index_copy_(0, slots, widened(from.index_select(0, rows), dim, size, fill));
}

// Rows `from` of t copied into rows `to`, then its first `rows` rows (a view: no other row
// is copied).
void move_tensor_rows(at::Tensor& t, const at::Tensor& to, const at::Tensor& from, int64_t rows) {
    if (!t.defined()) return;
    if (to.numel() > 0) t.index_copy_(0, to, t.index_select(0, from));
    t = t.narrow(0, 0, rows);
}

}  // namespace

void EncoderOutput::move_rows(const at::Tensor& to, const at::Tensor& from, int64_t rows) {
    for (at::Tensor* t : {&memory, &memory_mask, &src}) move_tensor_rows(*t, to, from, rows);
}

void EncoderOutput::select(const at::Tensor& indices) {
    memory = memory.index_select(0, indices);
    memory_mask = memory_mask.index_select(0, indices);
    if (src.defined()) src = src.index_select(0, indices);
}

void EncoderOutput::place(const at::Tensor& slots, const EncoderOutput& from,
                          const at::Tensor& rows) {
    const double minus_inf = -std::numeric_limits<double>::infinity();
    place_rows(memory, slots, from.memory, rows, 1, 0.0);
    place_rows(memory_mask, slots, from.memory_mask, rows, 3, minus_inf);
    if (src.defined()) place_rows(src, slots, from.src, rows, 1, kPadId);
}

void DecoderCache::select(const at::Tensor& indices) {
    for (auto& layer : layers) {
        AttentionCache& self = layer.self;
        if (self.origins.defined())  // only a cache that follows origins has them
            self.origins = self.origins.index_select(0, indices);
        else
            keep_rows(self, indices, true);
    }
    if (positions.defined()) positions = positions.index_select(0, indices);
}

void DecoderCache::move_rows(const at::Tensor& to, const at::Tensor& from, int64_t rows) {
    for (auto& layer : layers) {
        TORCH_CHECK(!layer.self.origins.defined(), "rows that follow origins cannot move");
        for (AttentionCache* attention : {&layer.self, &layer.cross}) {
            move_tensor_rows(attention->keys, to, from, rows);
            move_tensor_rows(attention->values, to, from, rows);
        }
    }
    move_tensor_rows(positions, to, from, rows);
}

void DecoderCache::select_memory(const at::Tensor& indices) {
    for (auto& layer : layers) keep_rows(layer.cross, indices, false);
}

void DecoderCache::restart_rows(const at::Tensor& rows) {
    TORCH_CHECK(!layers.empty() && layers.front().self.keys.defined(),
                "rows restart in a cache that has taken a step");
    if (!positions.defined())
        positions =
            at::full({layers.front().self.keys.size(0)}, length, rows.options().dtype(at::kLong));
    positions.index_fill_(0, rows, 0);
}

void DecoderCache::place_memory(const at::Tensor& slots, const DecoderCache& from,
                                const at::Tensor& rows) {
    TORCH_CHECK(from.layers.size() == layers.size(), "caches of different models");
    for (size_t i = 0; i < layers.size(); ++i) {
        AttentionCache& cross = layers[i].cross;
        if (!cross.keys.defined()) continue;  // computed from the memory at the first step
        place_rows(cross.keys, slots, from.layers[i].cross.keys, rows, 2, 0.0);
        place_rows(cross.values, slots, from.layers[i].cross.values, rows, 2, 0.0);
    }
}

TransformerModelImpl::TransformerModelImpl(ModelOptions o)
    : options_(o), embed_scale_(std::sqrt(static_cast<double>(o.d_model))) {
    TORCH_CHECK(o.tgt_vocab > 0, "target vocabulary must not be empty");
    tgt_embedding_ = register_module("tgt_embedding", torch::nn::Embedding(o.tgt_vocab, o.d_model));
    tgt_positions_ = register_module("tgt_positions",
                                     PositionalEncoding(o.positional, o.max_positions, o.d_model));
    decoder_layers_ = register_module("decoder_layers", torch::nn::ModuleList());
    for (int64_t i = 0; i < o.decoder_layers; ++i) decoder_layers_->push_back(DecoderLayer(o));
    if (o.pre_norm)
        decoder_norm_ = register_module("decoder_norm", Norm(o.normalization, o.d_model, o.bias));
    if (!o.tie_embeddings)
        output_ = register_module(
            "output", PackedLinear(torch::nn::LinearOptions(o.d_model, o.tgt_vocab).bias(false)));

    if (!o.is_lm()) {
        if (!o.shared_vocab)
            src_embedding_ =
                register_module("src_embedding", torch::nn::Embedding(o.src_vocab, o.d_model));
        src_positions_ = register_module(
            "src_positions", PositionalEncoding(o.positional, o.max_positions, o.d_model));
        encoder_layers_ = register_module("encoder_layers", torch::nn::ModuleList());
        for (int64_t i = 0; i < o.encoder_layers; ++i) encoder_layers_->push_back(EncoderLayer(o));
        if (o.pre_norm)
            encoder_norm_ =
                register_module("encoder_norm", Norm(o.normalization, o.d_model, o.bias));
    }
    initialize_weights(*this);
}

void initialize_weights(TransformerModelImpl& model) {
    torch::NoGradGuard no_grad;
    for (auto& item : model.named_parameters()) {
        at::Tensor& p = item.value();
        const std::string& name = item.key();
        if (p.dim() > 1) {
            torch::nn::init::xavier_uniform_(p);
        } else if (name.find("norm") != std::string::npos &&
                   name.rfind("weight") == name.size() - 6) {
            p.fill_(1.0);
        } else {
            p.zero_();
        }
    }
    if (model.options().init != WeightInit::Scaled) return;
    // GPT-2's scaling: each residual branch's last projection by 1/sqrt(2 x layers of its
    // stack), so that the sum over the stack keeps the residual stream's variance.
    const ModelOptions& o = model.options();
    for (auto& item : model.named_parameters()) {
        const std::string& name = item.key();
        const bool branch_output = name.find("out_proj.weight") != std::string::npos ||
                                   name.find("feed_forward.outer.weight") != std::string::npos;
        if (!branch_output) continue;
        const int64_t layers =
            name.rfind("encoder_layers.", 0) == 0 ? o.encoder_layers : o.decoder_layers;
        item.value().mul_(1.0 / std::sqrt(2.0 * static_cast<double>(layers)));
    }
}

at::Tensor TransformerModelImpl::embed(const at::Tensor& tokens, torch::nn::Embedding& table,
                                       PositionalEncoding& positions, int64_t offset) {
    at::Tensor x = table->forward(tokens) * embed_scale_;
    const at::Tensor pos = positions->forward(tokens.size(1), offset);
    if (pos.defined()) x = x + pos;
    return fast_dropout(x, is_training() ? options_.dropout : 0.0);
}

EncoderOutput TransformerModelImpl::encode(const at::Tensor& src, AttentionMaps* maps) {
    TORCH_CHECK(!options_.is_lm(), "a language model has no encoder");
    EncoderOutput out;
    out.src = src;
    auto& table = src_embedding_ ? src_embedding_ : tgt_embedding_;
    at::Tensor x = embed(src, table, src_positions_, 0);
    out.memory_mask = padding_mask(src, x.options());
    for (const auto& module : *encoder_layers_) {
        at::Tensor weights;
        x = module->as<EncoderLayer>()->forward(x, out.memory_mask, maps ? &weights : nullptr);
        if (maps) maps->encoder_self.push_back(weights);
    }
    out.memory = encoder_norm_ ? encoder_norm_->forward(x) : x;
    return out;
}

at::Tensor TransformerModelImpl::decode(const at::Tensor& tgt_in, const EncoderOutput* encoded,
                                        AttentionMaps* maps) {
    at::Tensor x = embed(tgt_in, tgt_embedding_, tgt_positions_, 0);
    // A non-causal decoder (model.causal false) sees every target token but padding.
    const at::Tensor self_mask = options_.causal ? causal_mask(tgt_in.size(1), x.options())
                                                 : padding_mask(tgt_in, x.options());
    const at::Tensor memory = encoded ? encoded->memory : at::Tensor();
    const at::Tensor memory_mask = encoded ? encoded->memory_mask : at::Tensor();
    for (const auto& module : *decoder_layers_) {
        at::Tensor self_w, cross_w;
        x = module->as<DecoderLayer>()->forward(
            x, self_mask, memory, memory_mask, maps ? &self_w : nullptr, maps ? &cross_w : nullptr);
        if (maps) {
            maps->decoder_self.push_back(self_w);
            if (cross_w.defined()) maps->cross.push_back(cross_w);
        }
    }
    return decoder_norm_ ? decoder_norm_->forward(x) : x;
}

at::Tensor TransformerModelImpl::decode_step(const at::Tensor& tokens, const EncoderOutput* encoded,
                                             DecoderCache& cache, AttentionMaps* maps) {
    if (cache.layers.empty()) cache.layers.resize(decoder_layers_->size());
    const bool own_positions = cache.positions.defined();
    TORCH_CHECK(!own_positions || !cache.follow_origins,
                "rows at positions of their own do not follow origins");
    at::Tensor x;
    if (own_positions) {
        x = tgt_embedding_->forward(tokens) * embed_scale_;
        const at::Tensor pos = tgt_positions_->at_positions(cache.positions);
        if (pos.defined()) x = x + pos.unsqueeze(1);
    } else {
        x = embed(tokens, tgt_embedding_, tgt_positions_, cache.length);
    }
    const at::Tensor memory = encoded ? encoded->memory : at::Tensor();
    const at::Tensor memory_mask = encoded ? encoded->memory_mask : at::Tensor();
    // One new token may see everything cached; several (a prompt) must not see each other's future,
    // unless the model is not causal. Such a model's earlier positions saw their own future in
    // training, which a step-by-step decoding does not have yet, so its decodings are poor.
    // Rows at their own positions see the keys up to theirs: the attention masks the others.
    const int64_t fresh = tokens.size(1);
    at::Tensor self_mask;
    if (!own_positions && fresh > 1 && options_.causal) {
        self_mask = at::triu(at::full({fresh, cache.length + fresh},
                                      -std::numeric_limits<float>::infinity(), x.options()),
                             1 + cache.length);
    }
    size_t i = 0;
    for (const auto& module : *decoder_layers_) {
        at::Tensor self_w, cross_w;
        DecoderLayerCache& layer_cache = cache.layers[i++];
        layer_cache.self.positions = cache.positions;
        layer_cache.self.follow_origins = cache.follow_origins;
        x = module->as<DecoderLayer>()->forward(x, self_mask, memory, memory_mask,
                                                maps ? &self_w : nullptr, maps ? &cross_w : nullptr,
                                                &layer_cache);
        if (maps) {
            maps->decoder_self.push_back(self_w);
            if (cross_w.defined()) maps->cross.push_back(cross_w);
        }
    }
    cache.length += tokens.size(1);
    if (own_positions) cache.positions.add_(1);
    if (decoder_norm_) x = decoder_norm_->forward(x);
    return project(x.select(1, x.size(1) - 1));
}

DecoderCache TransformerModelImpl::memory_cache(const EncoderOutput& encoded) {
    DecoderCache cache;
    cache.layers.resize(decoder_layers_->size());
    size_t i = 0;
    for (const auto& module : *decoder_layers_) {
        AttentionCache& cross = cache.layers[i++].cross;
        std::tie(cross.keys, cross.values) =
            module->as<DecoderLayer>()->cross_attention->memory_keys_values(encoded.memory);
    }
    return cache;
}

at::Tensor TransformerModelImpl::project(const at::Tensor& hidden) {
    if (output_) return output_->forward(hidden);
    return tied_output_.multiply(hidden, tgt_embedding_->weight, {}, FusedActivation::None, {});
}

void TransformerModelImpl::pack_weights(WeightPacking packing) {
    for (const auto& module : modules())
        if (auto* linear = dynamic_cast<PackedLinearImpl*>(module.get())) linear->pack(packing);
    if (!output_) tied_output_.pack(tgt_embedding_->weight, {}, packing);
}

at::Tensor TransformerModelImpl::forward(const at::Tensor& src, const at::Tensor& tgt_in,
                                         AttentionMaps* maps) {
    if (options_.is_lm()) return project(decode(tgt_in, nullptr, maps));
    const EncoderOutput encoded = encode(src, maps);
    return project(decode(tgt_in, &encoded, maps));
}

void TransformerModelImpl::set_head_mask(AttentionStack stack, int64_t layer, at::Tensor mask) {
    torch::nn::ModuleList& layers =
        stack == AttentionStack::EncoderSelf ? encoder_layers_ : decoder_layers_;
    TORCH_CHECK(layers && layer >= 0 && layer < static_cast<int64_t>(layers->size()),
                "no such layer: ", layer);
    if (stack == AttentionStack::EncoderSelf)
        layers[layer]->as<EncoderLayer>()->self_attention->set_head_mask(mask);
    else if (stack == AttentionStack::DecoderSelf)
        layers[layer]->as<DecoderLayer>()->self_attention->set_head_mask(mask);
    else {
        auto cross = layers[layer]->as<DecoderLayer>()->cross_attention;
        TORCH_CHECK(cross, "a language model has no cross-attention");
        cross->set_head_mask(mask);
    }
}

int64_t TransformerModelImpl::parameter_count() const {
    int64_t total = 0;
    for (const auto& p : parameters()) total += p.numel();
    return total;
}

}  // namespace tfw
