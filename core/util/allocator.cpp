#include "core/util/allocator.h"

#include <malloc.h>

namespace tfw {

void keep_freed_memory() {
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, 1 << 30);  // serve large blocks from the heap (reusable)
    mallopt(M_TRIM_THRESHOLD, 1 << 30);  // and do not hand freed heap back to the system
#endif
}

}  // namespace tfw
