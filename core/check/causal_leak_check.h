#pragma once
// Changing a target token must not change the decoder's outputs at earlier positions
// (a language model, or the decoder of an encoder-decoder with its source held fixed).

#include "core/check/check_batch.h"
#include "core/check/check_result.h"
#include "core/model/transformer_model.h"

namespace tfw {

// Looks at the first row of `sample` (at least two target tokens are needed).
CheckResult check_causal_leak(TransformerModelImpl& model, const BatchTensors& sample);

}  // namespace tfw
