#include "core/decode/parallel_batches.h"

#include <ATen/ThreadLocalState.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <thread>

#include "core/runtime/blas_threads.h"
#include "core/runtime/compute_threads.h"
#include "core/runtime/parallel_for.h"

namespace tfw {
namespace {

// How often the calling thread, its own batches done, asks the caller's callbacks while the
// others decode: often enough for a progress bar and a prompt cancellation.
constexpr auto kPollInterval = std::chrono::milliseconds(10);

}  // namespace

int parallel_batch_workers(const c10::Device& device) {
    return device.is_cpu() ? std::max(1, threads_here()) : 1;
}

void run_parallel_batches(int workers, const std::function<void(int worker, bool asks)>& work,
                          const std::function<void()>& poll) {
    if (workers <= 1) return work(0, true);
    // Inside LibTorch's parallel region every at::parallel_for, oneDNN primitive and MKL call
    // runs on its own thread; OpenBLAS's pthreads pool does not know of the region.
    struct RestoreBlasThreads {
        int threads = blas_threads();
        ~RestoreBlasThreads() {
            if (threads > 0) set_blas_threads(threads);
        }
    } restore;
    set_blas_threads(1);
    const std::thread::id caller = std::this_thread::get_id();
    const at::ThreadLocalState state;
    std::atomic<int> running{workers};
    at::parallel_for(0, workers, 1, [&](int64_t begin, int64_t end) {
        const at::ThreadLocalStateGuard same_state(state);
        const bool asks = std::this_thread::get_id() == caller;
        for (int64_t w = begin; w < end; ++w) {
            struct Done {
                std::atomic<int>& running;
                ~Done() { --running; }
            } done{running};
            work(static_cast<int>(w), asks);
        }
        if (!asks || !poll) return;
        while (running > 0) {
            poll();
            std::this_thread::sleep_for(kPollInterval);
        }
    });
}

}  // namespace tfw
