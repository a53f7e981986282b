#pragma once

#include <ATen/core/ScalarType.h>

#include "core/config/decode_settings.h"
#include "core/model/transformer_model.h"

namespace tfw {

// A copy of `model` in another number format (bf16 for faster decoding): every floating
// parameter and buffer converted to `type`, on the same device, in evaluation mode. The
// original is not changed; head masks are not copied.
TransformerModel copy_in_format(TransformerModelImpl& model, at::ScalarType type);

// The copy of `model` that decodes in `precision`: bf16, or int8 linear layers, and on the CPU
// weights packed in oneDNN's layout where LibTorch can (onednn_linear.h). Null where `model`
// itself is that (fp32 on a GPU, or without oneDNN packing). Throws std::invalid_argument for
// int8 on a GPU or where LibTorch has no engine for it.
TransformerModel decoding_copy(TransformerModelImpl& model, DecodePrecision precision);

}  // namespace tfw
