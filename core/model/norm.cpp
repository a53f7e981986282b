#include "core/model/norm.h"

#include <ATen/ATen.h>

namespace tfw {

NormImpl::NormImpl(Normalization kind, int64_t dim, bool bias) : kind_(kind), dim_(dim) {
    weight_ = register_parameter("weight", at::ones({dim}));
    if (kind == Normalization::Layer && bias) bias_ = register_parameter("bias", at::zeros({dim}));
}

at::Tensor NormImpl::forward(const at::Tensor& x) {
    if (kind_ == Normalization::Rms) return rms_norm(x, weight_, kEps);
    return at::layer_norm(x, {dim_}, weight_, bias_, kEps);
}

at::Tensor rms_norm(const at::Tensor& x, const at::Tensor& weight, double eps) {
    return x * at::rsqrt(x.pow(2).mean(-1, /*keepdim=*/true) + eps) * weight;
}

}  // namespace tfw
