#include "core/model/rotary_embedding.h"

#include <ATen/ATen.h>
#include <c10/core/InferenceMode.h>

#include <algorithm>

namespace tfw {

RotaryEmbedding::RotaryEmbedding(int64_t head_dim, double base)
    : head_dim_(head_dim), base_(base) {}

void RotaryEmbedding::extend(int64_t length, const at::Tensor& like) {
    // Ordinary tensors even when decoding (in inference mode) extends them: training after a
    // validation that decoded must be able to save them for its backward pass.
    c10::InferenceMode ordinary(false);
    // Tables are computed in float on the host (the same numbers on every device), for at
    // least twice what was asked, so that step-by-step decoding rarely recomputes them.
    const int64_t positions = std::max<int64_t>(2 * length, 256);
    const at::Tensor inv_freq =
        at::pow(base_, at::arange(0, head_dim_, 2, at::kFloat) / static_cast<double>(head_dim_))
            .reciprocal();
    const at::Tensor angle = at::outer(at::arange(positions, at::kFloat), inv_freq);
    const at::Tensor both = at::cat({angle, angle}, -1);
    cos_ = both.cos().to(like.device());
    sin_ = both.sin().to(like.device());
}

at::Tensor RotaryEmbedding::rotate(const at::Tensor& x, const at::Tensor& cos,
                                   const at::Tensor& sin) const {
    const int64_t half = head_dim_ / 2;
    const at::Tensor rotated = at::cat({-x.narrow(-1, half, half), x.narrow(-1, 0, half)}, -1);
    return x * cos.to(x.scalar_type()) + rotated * sin.to(x.scalar_type());
}

std::pair<at::Tensor, at::Tensor> RotaryEmbedding::tables(int64_t length, const at::Tensor& like) {
    // Parallel batches (parallel_batches.h) share the model: one thread extends the
    // tables while the others wait, and each rotates with the tables it was given.
    std::lock_guard<std::mutex> lock(mutex_);
    if (!cos_.defined() || cos_.size(0) < length || cos_.device() != like.device())
        extend(length, like);
    return {cos_, sin_};
}

at::Tensor RotaryEmbedding::apply(const at::Tensor& x, int64_t offset) {
    const int64_t length = x.size(-2);
    const auto [cos, sin] = tables(offset + length, x);
    return rotate(x, cos.narrow(0, offset, length), sin.narrow(0, offset, length));
}

at::Tensor RotaryEmbedding::apply(const at::Tensor& x, const at::Tensor& positions) {
    TORCH_CHECK(x.dim() == 4 && x.size(2) == 1, "rows at their own positions take one token");
    const auto [cos, sin] = tables(positions.max().item<int64_t>() + 1, x);
    const auto per_row = [&](const at::Tensor& table) {
        return table.index_select(0, positions).view({x.size(0), 1, 1, head_dim_});
    };
    return rotate(x, per_row(cos), per_row(sin));
}

}  // namespace tfw
