#include "core/distributed/gradient_all_reducer.h"

#include <ATen/ATen.h>
#include <torch/utils.h>

namespace tfw {

// Each bucket's flat tensor holds its parameters' gradients, then one number per parameter:
// 1 where this rank had a gradient for it. Summed, that says which parameters got one on any
// rank; those that got none keep an undefined .grad (the optimizer skips them, as it would in
// one process).
GradientAllReducer::GradientAllReducer(std::vector<at::Tensor> parameters, ProcessGroup& group,
                                       int64_t bucket_bytes)
    : parameters_(std::move(parameters)), group_(group) {
    bucket_of_.assign(parameters_.size(), 0);
    slot_of_.assign(parameters_.size(), 0);
    filled_.assign(parameters_.size(), 0);
    int64_t bytes = 0;
    for (size_t i = parameters_.size(); i-- > 0;) {
        const at::Tensor& p = parameters_[i];
        if (!p.requires_grad()) continue;
        if (buckets_.empty() || bytes >= bucket_bytes) {
            buckets_.emplace_back();
            bytes = 0;
        }
        Bucket& bucket = buckets_.back();
        bucket_of_[i] = buckets_.size() - 1;
        slot_of_[i] = bucket.parameters.size();
        bucket.offsets.push_back(bucket.parameters.empty()
                                     ? 0
                                     : bucket.offsets.back() +
                                           parameters_[bucket.parameters.back()].numel());
        bucket.parameters.push_back(i);
        bytes += p.numel() * static_cast<int64_t>(p.element_size());
    }
    for (Bucket& bucket : buckets_) {
        const at::Tensor& last = parameters_[bucket.parameters.back()];
        const int64_t values = bucket.offsets.back() + last.numel();
        bucket.flat = at::zeros({values + static_cast<int64_t>(bucket.parameters.size())},
                                last.options().requires_grad(false));
    }
    for (size_t i = 0; i < parameters_.size(); ++i) {
        if (!parameters_[i].requires_grad()) continue;
        hooks_.push_back(parameters_[i].register_hook([this, i](const at::Tensor& incoming) {
            if (armed_) on_gradient(i, incoming);
        }));
    }
}

GradientAllReducer::~GradientAllReducer() {
    size_t hook = 0;
    for (const at::Tensor& p : parameters_)
        if (p.requires_grad()) p.remove_hook(hooks_[hook++]);
}

void GradientAllReducer::fill(size_t parameter, const at::Tensor& gradient) {
    Bucket& bucket = buckets_[bucket_of_[parameter]];
    const size_t slot = slot_of_[parameter];
    const int64_t values = bucket.flat.numel() - static_cast<int64_t>(bucket.parameters.size());
    const at::Tensor& p = parameters_[parameter];
    at::Tensor values_slice = bucket.flat.narrow(0, bucket.offsets[slot], p.numel());
    at::Tensor used = bucket.flat.narrow(0, values + static_cast<int64_t>(slot), 1);
    if (gradient.defined()) {
        values_slice.copy_(gradient.reshape(-1));
        used.fill_(1);
    } else {
        values_slice.zero_();
        used.zero_();
    }
    filled_[parameter] = 1;
    ++bucket.filled;
}

void GradientAllReducer::on_gradient(size_t parameter, const at::Tensor& incoming) {
    torch::NoGradGuard no_grad;
    // The hook sees this pass's gradient before autograd adds it to .grad, which holds the
    // step's earlier micro-batches.
    const at::Tensor& earlier = parameters_[parameter].grad();
    fill(parameter, earlier.defined() ? incoming + earlier : incoming);
    send_ready_buckets();
}

void GradientAllReducer::send_ready_buckets() {
    // In bucket order on every rank, whatever order the gradients arrived in: collectives must
    // match across ranks.
    while (next_to_send_ < buckets_.size() &&
           buckets_[next_to_send_].filled == buckets_[next_to_send_].parameters.size()) {
        Bucket& bucket = buckets_[next_to_send_++];
        bucket.pending = group_.sum_async(bucket.flat);
    }
}

void GradientAllReducer::finish() {
    torch::NoGradGuard no_grad;
    armed_ = false;
    for (size_t b = next_to_send_; b < buckets_.size(); ++b)
        for (const size_t i : buckets_[b].parameters)
            if (!filled_[i]) fill(i, parameters_[i].grad());
    send_ready_buckets();
    for (Bucket& bucket : buckets_) {
        bucket.pending.wait();
        const int64_t values = bucket.flat.numel() - static_cast<int64_t>(bucket.parameters.size());
        const at::Tensor used =
            bucket.flat.narrow(0, values, bucket.flat.numel() - values).to(at::kCPU, at::kDouble);
        const double* any_rank = used.data_ptr<double>();
        for (size_t slot = 0; slot < bucket.parameters.size(); ++slot) {
            at::Tensor& p = parameters_[bucket.parameters[slot]];
            filled_[bucket.parameters[slot]] = 0;
            if (any_rank[slot] == 0) continue;
            const at::Tensor sum =
                bucket.flat.narrow(0, bucket.offsets[slot], p.numel()).view_as(p);
            if (p.grad().defined())
                p.mutable_grad().copy_(sum);
            else
                p.mutable_grad() = sum.clone();
        }
        bucket.filled = 0;
    }
    next_to_send_ = 0;
}

}  // namespace tfw
