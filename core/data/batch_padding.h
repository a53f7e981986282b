#pragma once
// How much of a set of batches is padding: the share of batch positions (source and
// target, size x length) that hold no token. Batching by length keeps it small; the
// trainer logs it so a recipe's batch settings can be judged.

#include <vector>

#include "core/data/dataset.h"

namespace tfw {

// Padding positions / all positions of `batches` (0 when there are none).
double padding_share(const std::vector<Batch>& batches);

}  // namespace tfw
