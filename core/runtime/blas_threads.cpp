#include "core/runtime/blas_threads.h"

#include <dlfcn.h>

namespace tfw {

void set_blas_threads(int threads) {
    // Looked up at run time: only builds whose BLAS is OpenBLAS have it.
    using SetThreads = void (*)(int);
    if (auto set = reinterpret_cast<SetThreads>(dlsym(RTLD_DEFAULT, "openblas_set_num_threads")))
        set(threads);
}

}  // namespace tfw
