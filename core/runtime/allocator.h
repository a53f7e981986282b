#pragma once
#include <cstddef>

namespace tfw {

// Installs a caching allocator for LibTorch's CPU tensors (once per process).
//
// A training step frees and re-allocates the same large activation buffers every time.
// With glibc alone, either each of them was mmap'ed and page-faulted in anew (12% of a
// step's cycles in the kernel) or, once glibc's adaptive mmap threshold had risen, batches
// of varying shape fragmented the heap until a Multi30k run held 3.9 GB. This keeps freed
// blocks in size classes (four per octave from 64 bytes, so at most 25% slack) and hands
// them out again (a block up to 1.5x the request's class). Small blocks too: a decoding step
// makes some sixty small tensors, and glibc's 64-byte aligned allocations of them (with
// its consolidation of the freed ones) took 7% of decoding one sentence at a time.
// Idle blocks are kept up to `cache_limit` bytes or, when more, up to the most bytes ever
// live at once: a step whose output layer alone needs hundreds of MB (4096 tokens x 10k
// words) would otherwise hand those blocks back and fault them in again every step.
void install_caching_cpu_allocator(size_t cache_limit = size_t(256) << 20);

// Frees every idle block (and forgets the high-water mark): for the end of a training run.
void release_cached_cpu_memory();

struct CpuAllocatorStats {
    size_t cached_bytes = 0;     // idle, kept for reuse
    size_t peak_live_bytes = 0;  // most bytes in use at once (class sizes)
    size_t reused = 0;           // allocations served from the cache
    size_t fresh = 0;            // allocations that went to the system
};
CpuAllocatorStats cpu_allocator_stats();

}  // namespace tfw
