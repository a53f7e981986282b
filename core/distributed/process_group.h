#pragma once
// The ranks of a data-parallel job, joined into a c10d process group: Gloo between CPU
// processes, NCCL between GPUs where LibTorch has it. The rendezvous goes through a
// TCPStore at MASTER_ADDR:MASTER_PORT, served by rank 0 or by torchrun's agent.

#include <ATen/core/Tensor.h>

#include <functional>
#include <memory>
#include <stdexcept>
#include <string>

#include "core/distributed/distributed_setup.h"

namespace tfw {

// A collective or rendezvous that failed: another rank died, lost its connection or did not
// answer within the timeout. The message says which and what to do.
class DistributedError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// A sum started with ProcessGroup::sum_async; wait() returns once the tensor holds it.
class PendingSum {
  public:
    PendingSum() = default;
    explicit PendingSum(std::function<void()> wait) : wait_(std::move(wait)) {}
    void wait();

  private:
    std::function<void()> wait_;
};

class ProcessGroup {
  public:
    // Joins the others; blocks until every rank has (or setup.timeout_s has passed).
    ProcessGroup(const DistributedSetup& setup, const at::Device& device);
    ~ProcessGroup();
    ProcessGroup(const ProcessGroup&) = delete;
    ProcessGroup& operator=(const ProcessGroup&) = delete;

    const DistributedSetup& setup() const { return setup_; }
    std::string backend() const;  // "gloo" or "nccl"

    // Sums `tensor` (on the training device) over the ranks, in place. Every rank must call
    // the collectives in the same order.
    PendingSum sum_async(at::Tensor& tensor);
    void sum(at::Tensor& tensor) { sum_async(tensor).wait(); }
    // The same for a few numbers (flags, loss sums), as float64.
    std::vector<double> sum(const std::vector<double>& values);

    // A value in the rendezvous store, set once by one rank and read by the others (read
    // blocks until it is set or the timeout passes).
    void publish(const std::string& key, const std::string& value);
    std::string read(const std::string& key);

  private:
    struct Impl;
    DistributedSetup setup_;
    std::unique_ptr<Impl> impl_;
};

}  // namespace tfw
