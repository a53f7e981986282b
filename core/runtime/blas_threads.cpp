#include "core/runtime/blas_threads.h"

#include <dlfcn.h>

namespace tfw {

void set_blas_threads(int threads) {
    // Looked up at run time: only builds whose BLAS is OpenBLAS have it.
    using SetThreads = void (*)(int);
    if (auto set = reinterpret_cast<SetThreads>(dlsym(RTLD_DEFAULT, "openblas_set_num_threads")))
        set(threads);
}

int blas_threads() {
    using GetThreads = int (*)();
    auto get = reinterpret_cast<GetThreads>(dlsym(RTLD_DEFAULT, "openblas_get_num_threads"));
    return get ? get() : 0;
}

std::string openblas_core_name() {
    using CoreName = char* (*)();
    auto name = reinterpret_cast<CoreName>(dlsym(RTLD_DEFAULT, "openblas_get_corename"));
    const char* core = name ? name() : nullptr;
    return core ? core : "";
}

}  // namespace tfw
