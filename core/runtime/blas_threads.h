#pragma once

namespace tfw {

// Caps the threads of OpenBLAS's own pool, which at::set_num_threads does not reach. Debian's
// LibTorch runs matrix products on the system BLAS (OpenBLAS), whose pool is sized to the
// machine: a run asked to use 1 thread still multiplied on every core, and when other work
// wanted the cores its threads waited on each other (a 1-second test took minutes). A no-op
// where the BLAS is not OpenBLAS (PyTorch's LibTorch uses MKL, which set_num_threads covers).
void set_blas_threads(int threads);

}  // namespace tfw
