#pragma once
// Token order information added to the scaled embeddings: fixed sinusoids
// PE(p, 2i) = sin(p / 10000^(2i/d)), PE(p, 2i+1) = cos(...), a learned table, or none.

#include <torch/nn/module.h>
#include <torch/nn/modules/embedding.h>

#include "core/config/experiment_config.h"

namespace tfw {

struct PositionalEncodingImpl : torch::nn::Module {
    PositionalEncodingImpl(Positional kind, int64_t max_positions, int64_t d_model);
    // Positions [offset, offset + len) as [len, d_model]; undefined for none, rope and alibi.
    at::Tensor forward(int64_t len, int64_t offset = 0);
    // Position positions[b] of each row ([B] long) as [B, d_model]; undefined as above.
    at::Tensor at_positions(const at::Tensor& positions);

  private:
    Positional kind_;
    int64_t max_positions_;
    at::Tensor table_;                       // sinusoidal (a buffer)
    torch::nn::Embedding learned_{nullptr};  // learned
};
TORCH_MODULE(PositionalEncoding);

}  // namespace tfw
