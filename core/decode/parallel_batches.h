#pragma once
// Decoding on several CPU threads: whole batches in parallel, one per thread, instead of
// every operator of one batch shared among the threads. A decoding step's operators are small
// (a few hundred rows at most), and sharing each one wakes the other threads and waits for them
// at its end: shared that way, beam 5 on two threads ran at 0.4 to 1.3 times one thread's
// speed, two batches in parallel at 1.8 to 1.9 times (docs/performance.md, "Parallel batches").

#include <c10/core/Device.h>

#include <functional>

namespace tfw {

// How many batches decode in parallel on `device`: LibTorch's threads on the CPU; 1 on a GPU
// or when already running on one of several threads.
int parallel_batch_workers(const c10::Device& device);

// Runs work(worker, asks) for every worker in [0, workers) at once, each on a thread of its own
// on which every operator computes alone (LibTorch's, oneDNN's and OpenBLAS's: the latter's own
// threads are set to one meanwhile), with the calling thread's LibTorch state (grad mode,
// inference mode). `asks` is true only for the worker on the calling thread: it alone may call
// the caller's callbacks (progress, cancellation), which need not be thread-safe; once its own
// work is done, it calls poll() every few milliseconds until the others' is too. The first
// exception a worker throws is rethrown once every worker has returned.
void run_parallel_batches(int workers, const std::function<void(int worker, bool asks)>& work,
                          const std::function<void()>& poll = {});

}  // namespace tfw
