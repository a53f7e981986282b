#pragma once

namespace tfw {

// Sets LibTorch's intra-op threads and OpenBLAS's (0 = all cores), installs the caching CPU
// allocator, and returns the number of threads in use. Called by everything that computes:
// training, evaluation and the benchmarks.
int configure_threads(int threads);

// The threads an operator called here computes with: LibTorch's, or 1 inside its parallel
// region (parallel batches, core/decode/parallel_batches.h), where nothing shares its work.
int threads_here();

}  // namespace tfw
