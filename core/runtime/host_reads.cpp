#include "core/runtime/host_reads.h"

#include <ATen/ATen.h>

#include <atomic>

namespace tfw {

namespace {
std::atomic<int64_t> reads{0};
}  // namespace

std::vector<double> read_to_host(const at::Tensor& t) {
    ++reads;
    const at::Tensor host = t.detach().to(at::kCPU, at::kDouble).contiguous();
    const double* data = host.data_ptr<double>();
    return std::vector<double>(data, data + host.numel());
}

double read_scalar(const at::Tensor& scalar) {
    ++reads;
    return scalar.detach().item<double>();
}

int64_t host_reads() {
    return reads.load();
}

}  // namespace tfw
