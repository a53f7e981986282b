#pragma once
// Attention with linear biases (ALiBi, Press et al. 2022): head h adds -m_h * |i - j| to the
// score of query position i for key position j; the slopes m_h form a geometric sequence.

#include <ATen/core/Tensor.h>

#include <cstdint>
#include <vector>

namespace tfw {

// 2^(-8/n), 2^(-16/n), ... for n a power of two; otherwise the paper's interleaving.
std::vector<double> alibi_slopes(int64_t heads);

// [1, heads, q_len, k_len]: queries at positions offset .. offset + q_len - 1, keys at 0 ..
// k_len - 1, in the options' type and device.
at::Tensor alibi_bias(const std::vector<double>& slopes, int64_t offset, int64_t q_len,
                      int64_t k_len, const at::TensorOptions& options);

// [B, heads, 1, k_len]: one query per row b at position positions[b] ([B] long).
at::Tensor alibi_bias(const std::vector<double>& slopes, const at::Tensor& positions, int64_t k_len,
                      const at::TensorOptions& options);

}  // namespace tfw
