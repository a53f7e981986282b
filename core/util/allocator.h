#pragma once

namespace tfw {

// Makes glibc keep freed memory for reuse instead of unmapping it. A training step frees
// and reallocates the same large activation buffers every time; with glibc's defaults each
// of them is mmap'ed and page-faulted in again, which cost several percent of a step.
void keep_freed_memory();

}  // namespace tfw
