#pragma once
// Rotary position embedding (RoPE, Su et al. 2021) in the rotate-half layout of GPT-NeoX and
// Llama: dimension i of a head is paired with i + d_head/2 and the pair rotated by the angle
// p * base^(-2i/d_head) at position p, so that q.k depends on the distance between positions.

#include <ATen/core/Tensor.h>

#include <cstdint>
#include <mutex>
#include <utility>

namespace tfw {

class RotaryEmbedding {
  public:
    RotaryEmbedding(int64_t head_dim, double base);
    // x [..., T, d_head] at positions offset .. offset + T - 1, rotated.
    at::Tensor apply(const at::Tensor& x, int64_t offset);
    // x [B, heads, 1, d_head], row b at position positions[b] ([B] long), rotated.
    at::Tensor apply(const at::Tensor& x, const at::Tensor& positions);

  private:
    // cos and sin for at least `length` positions on like's device.
    std::pair<at::Tensor, at::Tensor> tables(int64_t length, const at::Tensor& like);
    void extend(int64_t length, const at::Tensor& like);
    at::Tensor rotate(const at::Tensor& x, const at::Tensor& cos, const at::Tensor& sin) const;

    int64_t head_dim_;
    double base_;
    std::mutex mutex_;      // guards cos_ and sin_
    at::Tensor cos_, sin_;  // [cached positions, d_head], float, on the last device used
};

}  // namespace tfw
