#pragma once
// Sums the parameters' gradients over the ranks in buckets of about 25 MB, as PyTorch's
// DistributedDataParallel does. During the backward pass of a step's last micro-batch each
// gradient is copied into its bucket as autograd produces it, and a full bucket is sent while
// backward goes on with the layers below (buckets follow the parameters in reverse, the order
// backward reaches them).

#include <ATen/core/Tensor.h>

#include <cstdint>
#include <vector>

#include "core/distributed/process_group.h"

namespace tfw {

class GradientAllReducer {
  public:
    GradientAllReducer(std::vector<at::Tensor> parameters, ProcessGroup& group,
                       int64_t bucket_bytes = 25 << 20);
    ~GradientAllReducer();
    GradientAllReducer(const GradientAllReducer&) = delete;
    GradientAllReducer& operator=(const GradientAllReducer&) = delete;

    // The next backward pass is the step's last on this rank: reduce its gradients as they come.
    void arm() { armed_ = true; }
    // After the step's backward passes (or none, for a rank whose shares were all empty):
    // sends what is left, waits, and leaves the sums in the parameters' .grad.
    void finish();

    int64_t buckets() const { return static_cast<int64_t>(buckets_.size()); }

  private:
    struct Bucket {
        std::vector<size_t> parameters;
        std::vector<int64_t> offsets;  // into flat, one per parameter
        at::Tensor flat;
        size_t filled = 0;  // parameters copied in this step
        PendingSum pending;
    };
    void on_gradient(size_t parameter, const at::Tensor& incoming);
    void fill(size_t parameter, const at::Tensor& gradient);
    void send_ready_buckets();

    std::vector<at::Tensor> parameters_;
    ProcessGroup& group_;
    std::vector<Bucket> buckets_;
    std::vector<size_t> bucket_of_, slot_of_;  // per parameter
    std::vector<unsigned> hooks_;
    std::vector<char> filled_;  // per parameter, in this step
    size_t next_to_send_ = 0;
    bool armed_ = false;
};

}  // namespace tfw
