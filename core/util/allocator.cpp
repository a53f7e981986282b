#include "core/util/allocator.h"

#include <malloc.h>

namespace tfw {

void bound_allocator_growth() {
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, 256 * 1024);  // setting it at all turns the adaptation off
#endif
}

}  // namespace tfw
