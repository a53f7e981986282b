#include "core/model/multi_head_attention.h"

#include <ATen/ATen.h>
#include <torch/nn/init.h>
#include <torch/version.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "core/model/alibi.h"
#include "core/model/fast_dropout.h"
#include "core/model/step_attention.h"

namespace tfw {

namespace {

// softmax(Q K^T / sqrt(d_head) + mask) V step by step, so that the weights can be returned.
at::Tensor explicit_attention(at::Tensor q, const at::Tensor& k, const at::Tensor& v,
                              const at::Tensor& mask, double dropout, at::Tensor* weights_out) {
    // Scale q rather than the scores: fewer elements to touch when Tk > d_head.
    q = q * (1.0 / std::sqrt(static_cast<double>(q.size(-1))));
    at::Tensor scores = at::matmul(q, k.transpose(-2, -1));  // [B, H, Tq, Tk]
    if (mask.defined()) scores = scores + mask;
    at::Tensor weights = at::softmax(scores, -1);
    if (weights_out) *weights_out = weights.detach();
    if (dropout > 0) weights = fast_dropout(weights, dropout);
    return at::matmul(weights, v);
}

// Rows at positions of their own see the keys up to theirs: [rows, 1, 1, keys], -inf past it.
at::Tensor keys_past_positions(const at::Tensor& positions, int64_t keys,
                               const at::TensorOptions& options) {
    const at::Tensor later = at::arange(keys, positions.options())
                                 .view({1, 1, 1, keys})
                                 .gt(positions.view({-1, 1, 1, 1}));
    return at::zeros(later.sizes(), options)
        .masked_fill_(later, -std::numeric_limits<float>::infinity());
}

// Keys or values [rows, H, T, dh] of each row as its origins [rows, T] say where they are.
at::Tensor rows_at_origins(const at::Tensor& t, const at::Tensor& origins) {
    const at::Tensor positions =
        at::arange(origins.size(1), origins.options()).unsqueeze(0).expand_as(origins);
    return t.transpose(1, 2).index({origins, positions}).transpose(1, 2);
}

#if TORCH_VERSION_MAJOR >= 2
// The same in one fused LibTorch kernel (flash attention, on the CPU too), which never
// materialises the [B, H, Tq, Tk] weights: less memory traffic, no weights to return.
at::Tensor fused_attention(const at::Tensor& q, const at::Tensor& k, const at::Tensor& v,
                           const at::Tensor& mask, double dropout) {
    if (!mask.defined()) return at::scaled_dot_product_attention(q, k, v, {}, dropout);
    // The additive mask must have the query's type (bfloat16 under autocast).
    return at::scaled_dot_product_attention(q, k, v, mask.to(q.scalar_type()), dropout);
}
#endif

}  // namespace

MultiHeadAttentionImpl::MultiHeadAttentionImpl(const ModelOptions& o, bool self_attention)
    : d_model_(o.d_model),
      heads_(o.heads),
      kv_heads_(o.kv_heads > 0 ? o.kv_heads : o.heads),
      d_head_(o.d_model / o.heads),
      attention_dropout_(o.attention_dropout),
      self_attention_(self_attention),
      positional_(self_attention ? o.positional : Positional::None) {
    TORCH_CHECK(o.d_model % o.heads == 0, "d_model (", o.d_model, ") must be divisible by heads (",
                o.heads, ")");
    TORCH_CHECK(heads_ % kv_heads_ == 0, "kv_heads (", kv_heads_, ") must divide heads (", heads_,
                ")");
    const auto linear = [&](int64_t in, int64_t out) {
        return PackedLinear(torch::nn::LinearOptions(in, out).bias(o.bias));
    };
    const int64_t kv_dim = kv_heads_ * d_head_;
    in_proj_ = register_module("in_proj",
                               linear(d_model_, self_attention ? d_model_ + 2 * kv_dim : d_model_));
    if (!self_attention) kv_proj_ = register_module("kv_proj", linear(d_model_, 2 * kv_dim));
    out_proj_ = register_module("out_proj", linear(d_model_, d_model_));
    if (o.qk_norm) {
        q_norm_ = register_module("q_norm", Norm(Normalization::Rms, d_head_, false));
        k_norm_ = register_module("k_norm", Norm(Normalization::Rms, d_head_, false));
    }
    if (positional_ == Positional::Rope) rotary_.emplace(d_head_, o.rope_base);
    if (positional_ == Positional::Alibi) alibi_slopes_ = alibi_slopes(heads_);
}

at::Tensor MultiHeadAttentionImpl::split_heads(const at::Tensor& x, int64_t heads) const {
    return x.view({x.size(0), x.size(1), heads, d_head_}).transpose(1, 2);
}

at::Tensor MultiHeadAttentionImpl::expand_kv(const at::Tensor& x) const {
    if (kv_heads_ == heads_) return x;
    const int64_t share = heads_ / kv_heads_;
    return x.unsqueeze(2)
        .expand({x.size(0), kv_heads_, share, x.size(2), d_head_})
        .reshape({x.size(0), heads_, x.size(2), d_head_});
}

void MultiHeadAttentionImpl::reserve(AttentionCache& cache, int64_t end, int64_t rows,
                                     const at::TensorOptions& options) const {
    const bool roomy = cache.keys.defined() && cache.keys.size(2) >= end;
    // More rows than the buffers have: a beam search's first step took one row per input,
    // whose origins now name the rows each hypothesis continues.
    if (roomy && cache.keys.size(0) >= rows) return;
    const int64_t filled = cache.length;
    const int64_t capacity =
        roomy ? cache.keys.size(2)
              : std::max<int64_t>({end, 16, cache.keys.defined() ? 2 * cache.keys.size(2) : 0});
    // Rows that follow origins move their keys into rows of their own here: the new buffers
    // have this step's rows, not those of the inputs that have left, and the origins start
    // over as every row's own.
    const bool follow = cache.follow_origins && filled > 0;
    const auto grown = [&](const at::Tensor& old) {
        at::Tensor buffer = at::empty({rows, kv_heads_, capacity, d_head_}, options);
        if (filled == 0) return buffer;
        const at::Tensor kept = old.narrow(2, 0, filled);
        buffer.narrow(2, 0, filled)
            .copy_(follow ? rows_at_origins(kept, cache.origins.narrow(1, 0, filled)) : kept);
        return buffer;
    };
    cache.keys = grown(cache.keys);
    cache.values = grown(cache.values);
    if (cache.follow_origins)
        cache.origins = at::arange(rows, options.dtype(at::kLong))
                            .unsqueeze(1)
                            .expand({rows, capacity})
                            .contiguous();
}

std::pair<at::Tensor, at::Tensor> MultiHeadAttentionImpl::append(AttentionCache& cache,
                                                                 const at::Tensor& k,
                                                                 const at::Tensor& v) const {
    const int64_t start = cache.length, fresh = k.size(2), end = start + fresh;
    TORCH_CHECK(!cache.follow_origins || cache.length == 0 || cache.origins.defined(),
                "a cache follows origins from its first step");
    reserve(cache, end, k.size(0), k.options());
    // Row b writes into row b of the buffers (with origins too: no row has keys there yet).
    const int64_t rows = k.size(0);
    cache.keys.narrow(0, 0, rows).narrow(2, start, fresh).copy_(k);
    cache.values.narrow(0, 0, rows).narrow(2, start, fresh).copy_(v);
    if (cache.follow_origins)
        cache.origins.narrow(1, start, fresh)
            .copy_(at::arange(rows, cache.origins.options()).unsqueeze(1).expand({rows, fresh}));
    cache.length = end;
    return {cache.keys.narrow(2, 0, end), cache.values.narrow(2, 0, end)};
}

void MultiHeadAttentionImpl::zero_new_positions(AttentionCache& cache, int64_t end) const {
    // Rows read up to the furthest row's position, past their own (masked): what they read
    // there must be numbers, not uninitialised memory, which could be NaN (a mask does not
    // cancel NaN). So positions are zeroed as the furthest row reaches them (the buffer holds
    // numbers up to `length` only).
    if (end <= cache.length) return;
    cache.keys.narrow(2, cache.length, end - cache.length).zero_();
    cache.values.narrow(2, cache.length, end - cache.length).zero_();
}

std::pair<at::Tensor, at::Tensor> MultiHeadAttentionImpl::append_at_positions(
    AttentionCache& cache, const at::Tensor& k, const at::Tensor& v) const {
    TORCH_CHECK(k.size(2) == 1, "rows at their own positions take one token a step");
    // Every row sees the keys up to the furthest row's position; decode_step masks the others.
    const int64_t end = cache.positions.max().item<int64_t>() + 1;
    reserve(cache, end, k.size(0), k.options());
    zero_new_positions(cache, end);
    // One write for all rows: [B, capacity, kv_heads, dh] indexed by (row, position).
    const at::Tensor rows = at::arange(k.size(0), cache.positions.options());
    cache.keys.transpose(1, 2).index_put_({rows, cache.positions}, k.select(2, 0));
    cache.values.transpose(1, 2).index_put_({rows, cache.positions}, v.select(2, 0));
    cache.length = end;  // below the last step's when its furthest row has restarted
    return {cache.keys.narrow(2, 0, end), cache.values.narrow(2, 0, end)};
}

std::pair<at::Tensor, at::Tensor> MultiHeadAttentionImpl::memory_keys_values(
    const at::Tensor& memory) {
    const auto kv = kv_proj_->forward(memory).chunk(2, -1);
    at::Tensor k = split_heads(kv[0], kv_heads_);
    if (k_norm_) k = k_norm_->forward(k);
    return {k, split_heads(kv[1], kv_heads_)};
}

bool MultiHeadAttentionImpl::plain_step_applies(const at::Tensor& query, const at::Tensor& mask,
                                                const AttentionCache& cache) const {
    const at::ScalarType type = query.scalar_type();
    // No gradients: the keys are copied into the cache past autograd.
    return !is_training() && !at::GradMode::is_enabled() && query.device().is_cpu() &&
           (type == at::kFloat || type == at::kBFloat16) && query.dim() == 3 &&
           query.size(1) == 1 && !query.requires_grad() && !q_norm_ && !rotary_ &&
           alibi_slopes_.empty() && kv_heads_ == heads_ && !head_mask_.defined() &&
           (!cache.positions.defined() ||
            (!cache.follow_origins && cache.positions.is_contiguous() &&
             cache.positions.size(0) == query.size(0))) &&
           (self_attention_ ? !mask.defined() : !mask.defined() || mask.dim() == 4);
}

void MultiHeadAttentionImpl::write_step_keys(AttentionCache& cache, const at::Tensor& qkv) const {
    const int64_t rows = qkv.size(0), width = qkv.size(-1), position = cache.length;
    const int64_t size = qkv.element_size();
    const auto* source = static_cast<const char*>(qkv.data_ptr());
    const int64_t* own = cache.positions.defined() ? cache.positions.data_ptr<int64_t>() : nullptr;
    // Keys are qkv's second d_model values of each row, values its third.
    for (auto [buffer, first] : {std::pair{&cache.keys, d_model_}, {&cache.values, 2 * d_model_}}) {
        auto* target = static_cast<char*>(buffer->data_ptr());
        for (int64_t b = 0; b < rows; ++b)
            for (int64_t h = 0; h < heads_; ++h)
                std::memcpy(target + (b * buffer->stride(0) + h * buffer->stride(1) +
                                      (own ? own[b] : position) * buffer->stride(2)) *
                                         size,
                            source + (b * width + first + h * d_head_) * size,
                            static_cast<size_t>(d_head_ * size));
    }
    if (cache.follow_origins) {
        int64_t* origins = cache.origins.data_ptr<int64_t>();
        for (int64_t b = 0; b < rows; ++b) origins[b * cache.origins.stride(0) + position] = b;
    }
}

at::Tensor MultiHeadAttentionImpl::project_out(const at::Tensor& context,
                                               const at::Tensor& residual) {
    return residual.defined() ? out_proj_->forward_add(context, residual)
                              : out_proj_->forward(context);
}

at::Tensor MultiHeadAttentionImpl::plain_step(const at::Tensor& query, const at::Tensor& memory,
                                              const at::Tensor& mask, AttentionCache& cache,
                                              const at::Tensor& residual) {
    const int64_t rows = query.size(0);
    if (self_attention_) {
        // Row b writes into row b of the buffers (of its origins too).
        // Rows following origins may outnumber the buffers' rows (reserve makes room).
        if (cache.keys.defined() &&
            (cache.follow_origins ? !cache.origins.defined() || cache.origins.size(0) != rows
                                  : cache.keys.size(0) < rows))
            return {};
        const at::Tensor qkv = in_proj_->forward(query).contiguous();  // [rows, 1, 3d]
        // Rows at positions of their own write there and read the keys up to it; the cache
        // then reaches the furthest row's (below the last step's once that row restarted).
        const int64_t* own =
            cache.positions.defined() ? cache.positions.data_ptr<int64_t>() : nullptr;
        const int64_t end = own ? *std::max_element(own, own + rows) + 1 : cache.length + 1;
        reserve(cache, end, rows, qkv.options());
        if (own) zero_new_positions(cache, end);
        write_step_keys(cache, qkv);
        cache.length = end;
        const at::Tensor q =
            qkv.as_strided({rows, heads_, 1, d_head_}, {3 * d_model_, d_head_, 3 * d_model_, 1});
        return project_out(
            step_attention_merged(q, cache.keys, cache.values, cache.length, {},
                                  cache.follow_origins ? cache.origins : at::Tensor(),
                                  cache.positions),
            residual);
    }
    if (!cache.keys.defined()) std::tie(cache.keys, cache.values) = memory_keys_values(memory);
    // A beam's hypotheses of one input are `group` query rows against its keys.
    const int64_t inputs = cache.keys.size(0), group = rows / inputs;
    if (group * inputs != rows || group > kStepAttentionRows) return {};
    const at::Tensor q = in_proj_->forward(query).contiguous().as_strided(
        {inputs, heads_, group, d_head_}, {group * d_model_, d_head_, d_model_, 1});
    const at::Tensor context =
        step_attention_merged(q, cache.keys, cache.values, cache.keys.size(2), mask, {});
    return project_out(context.dim() == 3 && context.size(0) == rows && context.size(1) == 1
                           ? context
                           : context.view({rows, 1, d_model_}),
                       residual);
}

at::Tensor MultiHeadAttentionImpl::forward(const at::Tensor& query, const at::Tensor& memory,
                                           const at::Tensor& mask, at::Tensor* weights_out,
                                           AttentionCache* cache, const at::Tensor& residual) {
    if (cache && !weights_out && plain_step_applies(query, mask, *cache))
        if (at::Tensor out = plain_step(query, memory, mask, *cache, residual); out.defined())
            return out;
    const int64_t batch = query.size(0), q_len = query.size(1);
    const int64_t offset = self_attention_ && cache ? cache->length : 0;
    const bool own_positions = self_attention_ && cache && cache->positions.defined();
    at::Tensor q, k, v;
    if (self_attention_) {
        const int64_t kv_dim = kv_heads_ * d_head_;
        const auto qkv = in_proj_->forward(query).split_with_sizes({d_model_, kv_dim, kv_dim}, -1);
        q = split_heads(qkv[0], heads_);
        k = split_heads(qkv[1], kv_heads_);
        v = split_heads(qkv[2], kv_heads_);
        if (k_norm_) k = k_norm_->forward(k);
        if (rotary_)
            k = own_positions ? rotary_->apply(k, cache->positions) : rotary_->apply(k, offset);
        if (own_positions)
            std::tie(k, v) = append_at_positions(*cache, k, v);
        else if (cache)
            std::tie(k, v) = append(*cache, k, v);
    } else {
        q = split_heads(in_proj_->forward(query), heads_);
        if (cache && cache->keys.defined()) {
            k = cache->keys;
            v = cache->values;
        } else {
            std::tie(k, v) = memory_keys_values(memory);
            if (cache) cache->keys = k, cache->values = v;
        }
    }
    if (q_norm_) q = q_norm_->forward(q);
    if (rotary_)
        q = own_positions ? rotary_->apply(q, cache->positions) : rotary_->apply(q, offset);
    k = expand_kv(k);
    v = expand_kv(v);

    at::Tensor bias = mask;
    if (own_positions) {
        const at::Tensor past = keys_past_positions(cache->positions, k.size(2), q.options());
        bias = mask.defined() ? past + mask : past;
    }
    if (!alibi_slopes_.empty()) {
        const at::Tensor linear =
            own_positions ? alibi_bias(alibi_slopes_, cache->positions, k.size(2), q.options())
                          : alibi_bias(alibi_slopes_, offset, q_len, k.size(2), q.options());
        bias = bias.defined() ? linear + bias : linear;
    }

    // Rows reordered by their origins (AttentionCache::origins) have their keys in other rows.
    const at::Tensor origins = self_attention_ && cache && cache->follow_origins
                                   ? cache->origins.narrow(1, 0, cache->length)
                                   : at::Tensor();

    // Several query rows per memory row: they become more query positions of that row, so
    // the memory's keys and values are neither copied nor projected once per query row.
    const int64_t group = self_attention_ ? 1 : q.size(0) / std::max<int64_t>(1, k.size(0));
    if (group > 1)
        q = q.view({k.size(0), group, heads_, q_len, d_head_})
                .transpose(1, 2)
                .reshape({k.size(0), heads_, group * q_len, d_head_});

    const double dropout = is_training() ? attention_dropout_ : 0.0;
    at::Tensor context;  // [B, H, Tq, dh]
    // A decoding step's few query rows on the CPU (step_attention.h).
    if (!weights_out && dropout == 0 && step_attention_applies(q, k, v, bias, origins))
        context = step_attention(q, k, v, bias, origins);
    if (!context.defined() && origins.defined()) {
        k = rows_at_origins(k, origins);
        v = rows_at_origins(v, origins);
    }
#if TORCH_VERSION_MAJOR >= 2
    // On the CPU the fused kernel's own dropout would draw from LibTorch's generator instead
    // of fast_dropout's counter, losing deterministic masks and exact resume: with attention
    // dropout in training, the explicit path runs there, as it does when weights are asked
    // for. A GPU's dropout draws from LibTorch's generator anyway (its state is checkpointed).
    if (!context.defined() && !weights_out && (dropout == 0 || !q.device().is_cpu()))
        context = fused_attention(q, k, v, bias, dropout);
#endif
    if (!context.defined()) context = explicit_attention(q, k, v, bias, dropout, weights_out);
    if (group > 1) {
        const auto per_row = [&](const at::Tensor& t) {
            return t.view({k.size(0), heads_, group, q_len, t.size(-1)})
                .transpose(1, 2)
                .reshape({batch, heads_, q_len, t.size(-1)});
        };
        context = per_row(context);
        if (weights_out) *weights_out = per_row(*weights_out);
    }
    if (head_mask_.defined())
        context = context * head_mask_.to(context.scalar_type()).view({1, heads_, 1, 1});
    context = context.transpose(1, 2).reshape({batch, q_len, d_model_});
    return project_out(context, residual);
}

}  // namespace tfw
