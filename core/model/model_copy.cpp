#include "core/model/model_copy.h"

#include <torch/utils.h>

#include <stdexcept>

#include "core/model/int8_linear.h"
#include "core/model/onednn_linear.h"
#include "core/model/tiled_product.h"

namespace tfw {

TransformerModel copy_in_format(TransformerModelImpl& model, at::ScalarType type) {
    torch::NoGradGuard no_grad;
    TransformerModel copy(model.options());
    copy->to(model.parameters().front().device(), type);
    const auto parameters = model.named_parameters();
    for (auto& p : copy->named_parameters()) p.value().copy_(parameters[p.key()]);
    const auto buffers = model.named_buffers();
    for (auto& b : copy->named_buffers()) b.value().copy_(buffers[b.key()]);
    copy->eval();
    return copy;
}

TransformerModel decoding_copy(TransformerModelImpl& model, DecodePrecision precision) {
    const bool cpu = model.parameters().front().device().is_cpu();
    if (precision == DecodePrecision::Int8) {
        if (!cpu)
            throw std::invalid_argument(
                "int8 decoding runs on the CPU; on a GPU use bf16 (decode.precision)");
        if (!int8_supported())
            throw std::invalid_argument(
                "int8 decoding needs an x86-64 CPU with AVX2 or a LibTorch with FBGEMM "
                "(PyTorch's LibTorch 2.x; Debian's 1.13 has none); use fp32 or bf16");
        TransformerModel copy = copy_in_format(model, at::kFloat);
        copy->pack_weights(WeightPacking::Int8);
        return copy;
    }
    const at::ScalarType type = precision == DecodePrecision::Bf16 ? at::kBFloat16 : at::kFloat;
    // Packed at any thread count: whether a product uses the packed weights is decided as it
    // runs (packed_product_pays), and parallel batches run on one thread each.
    const bool packable = cpu && onednn_packing_supported(type);
    // Where oneDNN cannot pack, decoding one input at a time still gains tiles.
    const bool tiles = cpu && tiled_product_supported(model.options().d_model, type);
    if (precision == DecodePrecision::Fp32 && !packable && !tiles) return nullptr;
    TransformerModel copy = copy_in_format(model, type);
    if (packable)
        copy->pack_weights(WeightPacking::Onednn);
    else if (tiles)
        copy->pack_weights(WeightPacking::Tiles);
    return copy;
}

}  // namespace tfw
