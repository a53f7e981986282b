#pragma once

#include <ATen/core/ScalarType.h>

#include "core/model/transformer_model.h"

namespace tfw {

// A copy of `model` in another number format (bf16 for faster decoding): every floating
// parameter and buffer converted to `type`, on the same device, in evaluation mode. The
// original is not changed; head masks are not copied.
TransformerModel copy_in_format(TransformerModelImpl& model, at::ScalarType type);

}  // namespace tfw
