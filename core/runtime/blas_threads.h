#pragma once

#include <string>

namespace tfw {

// Caps the threads of OpenBLAS's own pool, which at::set_num_threads does not reach. Debian's
// LibTorch runs matrix products on the system BLAS (OpenBLAS), whose pool is sized to the
// machine: a run asked to use 1 thread still multiplied on every core, and when other work
// wanted the cores its threads waited on each other (a 1-second test took minutes). A no-op
// where the BLAS is not OpenBLAS (PyTorch's LibTorch uses MKL, which set_num_threads covers).
void set_blas_threads(int threads);
// The threads of OpenBLAS's pool, or 0 where the BLAS is not OpenBLAS.
int blas_threads();

// The kernels OpenBLAS chose for this processor ("Cooperlake", "Haswell", ...; the environment
// variable OPENBLAS_CORETYPE overrides its choice), or "" where the BLAS is not OpenBLAS.
// Benchmarks print it: the same machine multiplies up to 1.5x faster with AVX-512 kernels.
std::string openblas_core_name();

}  // namespace tfw
