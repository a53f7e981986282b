#pragma once

namespace tfw {

// Sets LibTorch's intra-op threads and OpenBLAS's (0 = all cores), installs the caching CPU
// allocator, and returns the number of threads in use. Called by everything that computes:
// training, evaluation and the benchmarks.
int configure_threads(int threads);

}  // namespace tfw
