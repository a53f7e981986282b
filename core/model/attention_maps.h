#pragma once
// Attention weights collected during a forward pass, on request.

#include <ATen/core/Tensor.h>

#include <vector>

namespace tfw {

struct AttentionMaps {
    // One tensor per layer, [batch, heads, query_len, key_len], detached.
    std::vector<at::Tensor> encoder_self;
    std::vector<at::Tensor> decoder_self;
    std::vector<at::Tensor> cross;
};

}  // namespace tfw
