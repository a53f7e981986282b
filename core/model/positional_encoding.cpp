#include "core/model/positional_encoding.h"

#include <ATen/ATen.h>

#include <cmath>

namespace tfw {

PositionalEncodingImpl::PositionalEncodingImpl(Positional kind, int64_t max_positions,
                                               int64_t d_model)
    : kind_(kind), max_positions_(max_positions) {
    if (kind == Positional::Sinusoidal) {
        const at::Tensor position = at::arange(max_positions, at::kFloat).unsqueeze(1);
        const at::Tensor rate =
            at::exp(at::arange(0, d_model, 2, at::kFloat) * (-std::log(10000.0) / d_model));
        at::Tensor table = at::zeros({max_positions, d_model});
        table.slice(1, 0, d_model, 2).copy_(at::sin(position * rate));
        table.slice(1, 1, d_model, 2).copy_(at::cos(position * rate));
        table_ = register_buffer("table", table);
    } else if (kind == Positional::Learned) {
        learned_ = register_module("learned", torch::nn::Embedding(max_positions, d_model));
    }
}

at::Tensor PositionalEncodingImpl::forward(int64_t len, int64_t offset) {
    // rope and alibi act inside attention, at any length.
    if (is_relative(kind_)) return {};
    TORCH_CHECK(offset + len <= max_positions_, "sequence of ", offset + len,
                " tokens exceeds model.max_positions (", max_positions_, ")");
    if (kind_ == Positional::Sinusoidal) return table_.slice(0, offset, offset + len);
    if (kind_ == Positional::Learned) return learned_->weight.slice(0, offset, offset + len);
    return {};
}

at::Tensor PositionalEncodingImpl::at_positions(const at::Tensor& positions) {
    if (is_relative(kind_) || kind_ == Positional::None) return {};
    TORCH_CHECK(positions.max().item<int64_t>() < max_positions_,
                "sequence exceeds model.max_positions (", max_positions_, ")");
    const at::Tensor& table = kind_ == Positional::Sinusoidal ? table_ : learned_->weight;
    return table.index_select(0, positions);
}

}  // namespace tfw
