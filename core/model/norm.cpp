#include "core/model/norm.h"

#include <ATen/ATen.h>
#include <c10/core/InferenceMode.h>

#include <cmath>

#include "core/util/float_vectors.h"

namespace tfw {
namespace {

// At most this many values are normalised by the loop below; larger inputs (an encoder's
// batch) go to LibTorch's, which spreads them over the threads.
constexpr int64_t kDecodingValues = 1 << 16;

// The vectors below stay inside the clone, inlined (float_vectors.h).
#pragma GCC diagnostic ignored "-Wpsabi"

// LayerNorm of `rows` rows of `dim` (a multiple of kLanes) values, fp32 or bf16 (computed in
// fp32): mean, then the variance about it (two passes, as exact as LibTorch's), then scale
// and shift.
template <typename T>
TFW_VECTOR_CLONES void layer_norm_rows(const T* x, const T* weight, const T* bias, T* out,
                                       int64_t rows, int64_t dim, float eps) {
    using namespace vectors;
    for (int64_t r = 0; r < rows; ++r, x += dim, out += dim) {
        Floats sums = splat(0);
        for (int64_t i = 0; i < dim; i += kLanes) sums += load(x + i);
        const float mean = sum_lanes(sums) / static_cast<float>(dim);
        Floats squares = splat(0);
        for (int64_t i = 0; i < dim; i += kLanes) {
            const Floats centred = load(x + i) - mean;
            squares += centred * centred;
        }
        const float scale = 1.0f / std::sqrt(sum_lanes(squares) / static_cast<float>(dim) + eps);
        for (int64_t i = 0; i < dim; i += kLanes) {
            Floats y = (load(x + i) - mean) * scale * load(weight + i);
            if (bias) y += load(bias + i);
            store(out + i, y);
        }
    }
}

template <typename T>
at::Tensor layer_norm_loop(const at::Tensor& x, const at::Tensor& weight, const at::Tensor& bias,
                           int64_t dim, double eps) {
    at::Tensor out = at::empty(x.sizes(), x.options());
    layer_norm_rows(x.data_ptr<T>(), weight.data_ptr<T>(),
                    bias.defined() ? bias.data_ptr<T>() : nullptr, out.data_ptr<T>(),
                    x.numel() / dim, dim, static_cast<float>(eps));
    return out;
}

}  // namespace

NormImpl::NormImpl(Normalization kind, int64_t dim, bool bias) : kind_(kind), dim_(dim) {
    weight_ = register_parameter("weight", at::ones({dim}));
    if (kind == Normalization::Layer && bias) bias_ = register_parameter("bias", at::zeros({dim}));
}

at::Tensor NormImpl::forward(const at::Tensor& x) {
    if (kind_ == Normalization::Rms) return rms_norm(x, weight_, kEps);
    // A decoding step's few rows: one loop, no LibTorch call but the output's.
    const at::ScalarType type = x.scalar_type();
    const bool decoding_rows =
        c10::InferenceMode::is_enabled() && x.device().is_cpu() &&
        (type == at::kFloat || type == at::kBFloat16) && weight_.scalar_type() == type &&
        (!bias_.defined() || bias_.scalar_type() == type) && x.is_contiguous() &&
        x.size(-1) == dim_ && dim_ % vectors::kLanes == 0 && x.numel() <= kDecodingValues;
    if (!decoding_rows) return at::layer_norm(x, {dim_}, weight_, bias_, kEps);
    if (type == at::kBFloat16) return layer_norm_loop<c10::BFloat16>(x, weight_, bias_, dim_, kEps);
    return layer_norm_loop<float>(x, weight_, bias_, dim_, kEps);
}

at::Tensor rms_norm(const at::Tensor& x, const at::Tensor& weight, double eps) {
    return x * at::rsqrt(x.pow(2).mean(-1, /*keepdim=*/true) + eps) * weight;
}

}  // namespace tfw
