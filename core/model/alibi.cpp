#include "core/model/alibi.h"

#include <ATen/ATen.h>

#include <cmath>

namespace tfw {

namespace {
std::vector<double> power_of_two_slopes(int64_t n) {
    const double start = std::pow(2.0, -8.0 / static_cast<double>(n));
    std::vector<double> slopes;
    for (int64_t i = 0; i < n; ++i) slopes.push_back(std::pow(start, static_cast<double>(i + 1)));
    return slopes;
}
}  // namespace

std::vector<double> alibi_slopes(int64_t heads) {
    int64_t p = 1;
    while (p * 2 <= heads) p *= 2;
    std::vector<double> slopes = power_of_two_slopes(p);
    if (p == heads) return slopes;
    const std::vector<double> finer = power_of_two_slopes(2 * p);
    for (int64_t i = 0; i < heads - p; ++i) slopes.push_back(finer[static_cast<size_t>(2 * i)]);
    return slopes;
}

at::Tensor alibi_bias(const std::vector<double>& slopes, int64_t offset, int64_t q_len,
                      int64_t k_len, const at::TensorOptions& options) {
    const auto heads = static_cast<int64_t>(slopes.size());
    const at::TensorOptions as_float = options.dtype(at::kFloat);
    const at::Tensor i = at::arange(offset, offset + q_len, as_float).unsqueeze(1);
    const at::Tensor j = at::arange(k_len, as_float).unsqueeze(0);
    const at::Tensor distance = (i - j).abs();  // [q_len, k_len]
    const at::Tensor m =
        at::tensor(std::vector<float>(slopes.begin(), slopes.end())).to(options.device());
    return (-m.view({heads, 1, 1}) * distance).unsqueeze(0).to(options.dtype());
}

at::Tensor alibi_bias(const std::vector<double>& slopes, const at::Tensor& positions, int64_t k_len,
                      const at::TensorOptions& options) {
    const auto heads = static_cast<int64_t>(slopes.size());
    const at::TensorOptions as_float = options.dtype(at::kFloat);
    const at::Tensor i = positions.to(as_float).unsqueeze(1);
    const at::Tensor j = at::arange(k_len, as_float).unsqueeze(0);
    const at::Tensor distance = (i - j).abs();  // [B, k_len]
    const at::Tensor m =
        at::tensor(std::vector<float>(slopes.begin(), slopes.end())).to(options.device());
    return (-m.view({1, heads, 1, 1}) * distance.view({distance.size(0), 1, 1, k_len}))
        .to(options.dtype());
}

}  // namespace tfw
