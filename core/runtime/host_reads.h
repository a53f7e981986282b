#pragma once
// Every value a training step reads back from the device goes through here. A read makes the
// host wait until the device has finished all queued work, so on a GPU each one leaves the GPU
// idle while the next kernels are prepared; counting them lets a test hold the step to none
// between log steps.

#include <ATen/core/Tensor.h>

#include <cstdint>
#include <vector>

namespace tfw {

// The elements of t (any shape, any device), as doubles, in row-major order.
std::vector<double> read_to_host(const at::Tensor& t);
double read_scalar(const at::Tensor& scalar);

// Reads made so far by this process (all threads).
int64_t host_reads();

}  // namespace tfw
