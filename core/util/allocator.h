#pragma once

namespace tfw {

// Stops glibc from raising its mmap threshold as large blocks are freed. By default the
// threshold adapts upwards, after which the activation buffers of batches of varying shape
// are carved from the heap and fragment it: a Multi30k run grew to 3.9 GB resident (1.66 GB
// after 40 steps). With a fixed threshold large buffers stay mmap'ed and go back to the
// system when freed: 0.90 GB after 40 steps, at the price of page faults on every step.
void bound_allocator_growth();

}  // namespace tfw
