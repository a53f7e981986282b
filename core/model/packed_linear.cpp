#include "core/model/packed_linear.h"

#include <ATen/ATen.h>

#include "core/device/cpu_features.h"
#include "core/model/int8_linear.h"
#include "core/model/onednn_linear.h"
#include "core/model/tiled_product.h"
#include "core/runtime/compute_threads.h"

namespace tfw {
namespace {

// A few rows multiply in tiles (tiled_product.h): read once, nothing to set up, on helper
// threads rather than OpenMP's. The alternatives were slower or at best level: oneDNN's own
// primitive over the same tiles (Debian's 1.13, one thread) level on an Intel Xeon (5 rows: 623
// against 670 us a step) and slower on AMD's Zen 5 (fp32 beam 5 one input at a time: 23.9
// against 28.5 sentences/s); LibTorch 2.x's boxed operator slower (35 -> 50 sentences/s).
// Against the latter the fp32 tiles win up to 128 rows too (64 rows x 256 -> 1024: 162
// against 218 us), but for an output layer over a vocabulary, whose weights do not stay in the
// cache (64 x 256 -> 8,000: 1,605 against 1,364 us).
constexpr int64_t kMostTiledFp32Outputs = 4096;
bool tiles_serve(const at::Tensor& tiles, const at::Tensor& onednn, int64_t rows, int64_t outputs) {
    if (!tiles.defined()) return false;
    const bool own = !tiles.is_same(onednn);
    // AVX2's tiles (no AVX-512) help where they are shared with helper threads; on one thread
    // the oneDNN library's primitive, where it pays, read one row's weights faster (AMD Zen 3,
    // Debian's 1.13, greedy one input at a time: 7.4 against 6.8-7.0 sentences/s).
    if (own && onednn.defined() && !cpu_features().avx512f && threads_here() == 1 &&
        packed_product_pays(rows, tiles.scalar_type()))
        return false;
    if (rows <= kMostTiledRows) return true;
    // More fp32 rows: only against LibTorch 2.x's operator (the tiles a copy beside its weights).
    return own && onednn.defined() && tiles.scalar_type() == at::kFloat &&
           rows <= kMostTiledFp32Rows && outputs <= kMostTiledFp32Outputs;
}

}  // namespace

void PackedWeights::pack(const at::Tensor& weight, const at::Tensor& bias, WeightPacking packing) {
    TORCH_CHECK(weight.device().is_cpu(), "packed weights are for the CPU");
    const int64_t out = weight.size(0), in = weight.size(1);
    if (packing == WeightPacking::Int8) {
        TORCH_CHECK(int8_supported(), "int8 products need AVX-512 VNNI, AVX2 or FBGEMM");
        if (int8_tiles_chosen(in))
            int8_tiles_ = pack_int8_tiles(weight);
        else if (fbgemm_int8_supported())
            int8_ = pack_int8(weight, bias);
        // else inputs not a multiple of 4 without FBGEMM: this layer stays fp32
        return;
    }
    const at::ScalarType type = weight.scalar_type();
    const bool tiles = tiled_product_supported(in, type);
    if (packing == WeightPacking::Tiles) {
        if (tiles) tiles_ = pack_in_tiles(weight);
        return;
    }
    TORCH_CHECK(onednn_packing_supported(type), "this build cannot pack these weights for oneDNN");
    onednn_ = pack_onednn(weight);
    if (tiles) tiles_ = onednn_packs_in_tiles(in, out, type) ? onednn_ : pack_in_tiles(weight);
}

at::Tensor PackedWeights::multiply(const at::Tensor& input, const at::Tensor& weight,
                                   const at::Tensor& bias, FusedActivation activation,
                                   const at::Tensor& residual) const {
    if (int8_tiles_.defined())
        return int8_tiled_linear(input, int8_tiles_, bias, activation, residual);
    if (!int8_.isNone()) return with_residual(int8_linear(input, int8_, activation), residual);
    const int64_t rows = input.numel() / input.size(-1);
    if (tiles_serve(tiles_, onednn_, rows, weight.size(0)) &&
        input.scalar_type() == weight.scalar_type())
        return tiled_linear(input, tiles_, weight.size(0), bias, activation, residual);
    if (onednn_.defined() && packed_product_pays(rows, input.scalar_type()))
        return onednn_linear(input, onednn_, bias, activation, residual);
    const at::Tensor product = at::linear(input, weight, bias);
    const at::Tensor activated = activation == FusedActivation::Relu ? at::relu(product) : product;
    return residual.defined() ? residual + activated : activated;
}

at::Tensor PackedLinearImpl::forward(const at::Tensor& input) {
    return packed_.multiply(input, weight, bias, FusedActivation::None, {});
}

at::Tensor PackedLinearImpl::forward_relu(const at::Tensor& input) {
    return packed_.multiply(input, weight, bias, FusedActivation::Relu, {});
}

at::Tensor PackedLinearImpl::forward_add(const at::Tensor& input, const at::Tensor& residual) {
    return packed_.multiply(input, weight, bias, FusedActivation::None, residual);
}

void PackedLinearImpl::pack(WeightPacking packing) {
    packed_.pack(weight, bias, packing);
}

}  // namespace tfw
