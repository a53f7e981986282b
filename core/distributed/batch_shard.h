#pragma once
// A rank's share of a batch. Every rank builds the same global batches (same seed, same
// order); rank r of W takes rows r, r+W, r+2W, ... Rows come sorted by length within a
// batch, so the shares get similar numbers of tokens.

#include "core/data/dataset.h"

namespace tfw {

// The rows of `batch` for `rank` of `world_size`, padded to their own longest row; an empty
// batch (size 0) when the batch has fewer rows than ranks.
Batch batch_shard(const Batch& batch, int rank, int world_size);

}  // namespace tfw
