#include "core/runtime/openmp_policy.h"

#include <unistd.h>

#include <cstdlib>

namespace tfw {

void ensure_passive_openmp_wait(char** argv) {
    if (std::getenv("OMP_WAIT_POLICY") != nullptr) return;
    setenv("OMP_WAIT_POLICY", "PASSIVE", 1);
    execv("/proc/self/exe", argv);  // only returns on failure: carry on as we are
}

}  // namespace tfw
