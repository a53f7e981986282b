#include "core/runtime/compute_threads.h"

#include <ATen/Parallel.h>

#include <algorithm>
#include <thread>

#include "core/runtime/allocator.h"
#include "core/runtime/blas_threads.h"

namespace tfw {

int configure_threads(int threads) {
    install_caching_cpu_allocator();
    // LibTorch's default reported 1 thread on 2-core machines: set it explicitly.
    const int wanted =
        threads > 0 ? threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    at::set_num_threads(wanted);
    set_blas_threads(wanted);
    return at::get_num_threads();
}

int threads_here() {
    return at::in_parallel_region() ? 1 : at::get_num_threads();
}

}  // namespace tfw
