// onednn_linear.h for a LibTorch without oneDNN's packed linear operator (Debian's 1.13), built
// on the oneDNN library itself (Debian's libdnnl-dev): an inner product whose weights are
// reordered once into the layout oneDNN chooses for a batch of kRowsHint rows.
//
// The packed weights travel in an ordinary byte tensor of shape [out, bytes per row, rounded
// up], so that callers keep one at::Tensor whatever the LibTorch; its layout is found again
// from (out, in) when it is used.
#ifdef TFW_HAVE_DNNL

#include <ATen/ATen.h>
#include <ATen/Parallel.h>
#include <oneapi/dnnl/dnnl.hpp>

#include <map>
#include <memory>
#include <mutex>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "core/model/onednn_linear.h"

namespace tfw {
namespace {

using dnnl::memory;
using Primitive = dnnl::inner_product_forward;

// The rows a product is packed for: a batch of 64 inputs decoding one step (the default
// batch). Other row counts multiply correctly with the same layout.
constexpr int64_t kRowsHint = 64;
// Products of this many different shapes are kept ready; more (long encoder inputs of
// varied lengths) start the collection again.
constexpr size_t kMostPrimitives = 512;

dnnl::engine& cpu_engine() {
    static dnnl::engine engine(dnnl::engine::kind::cpu, 0);
    return engine;
}

memory::data_type data_type(at::ScalarType type) {
    TORCH_CHECK(type == at::kFloat || type == at::kBFloat16,
                "oneDNN packing takes fp32 or bf16 weights, not ", type);
    return type == at::kFloat ? memory::data_type::f32 : memory::data_type::bf16;
}

Primitive::primitive_desc describe(int64_t rows, int64_t in, int64_t out, memory::data_type type,
                                   const memory::desc& weights, bool bias,
                                   FusedActivation activation = FusedActivation::None) {
    using tag = memory::format_tag;
    const memory::desc src({rows, in}, type, tag::ab), dst({rows, out}, type, tag::ab);
    const auto kind = dnnl::prop_kind::forward_inference;
    dnnl::primitive_attr attributes;
    // Each thread brings its own scratchpad: the library's is shared by all primitives unless
    // oneDNN was built for concurrent execution (Debian's is not), and parallel batches
    // (parallel_batches.h) run products on several threads at once.
    attributes.set_scratchpad_mode(dnnl::scratchpad_mode::user);
    if (activation == FusedActivation::Relu) {
        dnnl::post_ops relu;
        relu.append_eltwise(1.0f, dnnl::algorithm::eltwise_relu, 0.0f, 0.0f);
        attributes.set_post_ops(relu);
    }
    if (!bias) return {Primitive::desc(kind, src, weights, dst), attributes, cpu_engine()};
    const memory::desc bias_md({out}, type, tag::a);
    return {Primitive::desc(kind, src, weights, bias_md, dst), attributes, cpu_engine()};
}

// The layout oneDNN picks for [out, in] weights.
memory::desc choose_layout(int64_t in, int64_t out, memory::data_type type) {
    const memory::desc any({out, in}, type, memory::format_tag::any);
    return describe(kRowsHint, in, out, type, any, false).weights_desc();
}

// A product of one shape, with the descriptions of its arguments (making those per call cost
// as much as a small product's arithmetic).
struct Product {
    Primitive primitive;
    memory::desc src, weights, dst, bias, scratchpad;
};

// Layouts and products made once and kept: making one takes longer than a small product.
class Made {
  public:
    memory::desc layout(int64_t in, int64_t out, memory::data_type type) {
        std::lock_guard<std::mutex> lock(mutex_);
        return layout_locked(in, out, type);
    }

    // Shared, so that a product in use on one thread outlives the collection starting again.
    std::shared_ptr<const Product> product(int64_t rows, int64_t in, int64_t out,
                                           memory::data_type type, bool bias,
                                           FusedActivation activation) {
        const ProductKey key{rows, in, out, type, bias, activation};
        std::lock_guard<std::mutex> lock(mutex_);
        if (const auto it = products_.find(key); it != products_.end()) return it->second;
        if (products_.size() >= kMostPrimitives) products_.clear();
        const memory::desc weights = layout_locked(in, out, type);
        const auto described = describe(rows, in, out, type, weights, bias, activation);
        auto fresh = std::make_shared<const Product>(
            Product{Primitive(described), described.src_desc(), weights, described.dst_desc(),
                    bias ? described.bias_desc() : memory::desc(), described.scratchpad_desc()});
        return products_.emplace(key, std::move(fresh)).first->second;
    }

  private:
    using LayoutKey = std::tuple<int64_t, int64_t, memory::data_type>;
    using ProductKey =
        std::tuple<int64_t, int64_t, int64_t, memory::data_type, bool, FusedActivation>;

    memory::desc layout_locked(int64_t in, int64_t out, memory::data_type type) {
        const LayoutKey key{in, out, type};
        if (const auto it = layouts_.find(key); it != layouts_.end()) return it->second;
        return layouts_.emplace(key, choose_layout(in, out, type)).first->second;
    }

    std::mutex mutex_;
    std::map<LayoutKey, memory::desc> layouts_;
    std::map<ProductKey, std::shared_ptr<const Product>> products_;
};

Made& made() {
    static Made all;
    return all;
}

}  // namespace

bool onednn_operators_present() {
    return true;
}

bool onednn_packs_in_tiles(int64_t in, int64_t out, at::ScalarType type) {
    if (type != at::kFloat && type != at::kBFloat16) return false;
    const memory::data_type t = data_type(type);
    return made().layout(in, out, t) ==
           memory::desc(
               {out, in}, t,
               type == at::kFloat ? memory::format_tag::AB16b64a : memory::format_tag::AB16b64a2b);
}

at::Tensor pack_onednn(const at::Tensor& weight) {
    TORCH_CHECK(weight.dim() == 2 && weight.device().is_cpu(), "pack_onednn: [out, in] on the CPU");
    const int64_t out = weight.size(0), in = weight.size(1);
    const memory::data_type type = data_type(weight.scalar_type());
    const memory::desc layout = made().layout(in, out, type);
    const int64_t row_bytes = static_cast<int64_t>((layout.get_size() + out - 1) / out);
    at::Tensor packed = at::empty({out, row_bytes}, at::kByte);
    const at::Tensor plain = weight.detach().contiguous();
    memory from({{out, in}, type, memory::format_tag::ab}, cpu_engine(), plain.data_ptr());
    memory to(layout, cpu_engine(), packed.data_ptr());
    dnnl::stream stream(cpu_engine());
    dnnl::reorder(from, to).execute(stream, from, to);
    stream.wait();
    return packed;
}

at::Tensor onednn_linear(const at::Tensor& input, const at::Tensor& packed, const at::Tensor& bias,
                         FusedActivation activation, const at::Tensor& residual) {
    const int64_t in = input.size(-1), out = packed.size(0);
    // A decoding step's rows are contiguous: read in place, with no LibTorch call to reshape.
    const at::Tensor rows = input.is_contiguous() ? input : input.contiguous();
    const memory::data_type type = data_type(rows.scalar_type());
    const std::shared_ptr<const Product> product =
        made().product(rows.numel() / in, in, out, type, bias.defined(), activation);
    std::vector<int64_t> shape(input.sizes().begin(), input.sizes().end() - 1);
    shape.push_back(out);
    at::Tensor result = at::empty(shape, rows.options());
    const at::Tensor bias_values =
        !bias.defined() || (bias.scalar_type() == rows.scalar_type() && bias.is_contiguous())
            ? bias
            : bias.to(rows.scalar_type()).contiguous();
    dnnl::engine& engine = cpu_engine();
    std::unordered_map<int, memory> args{
        {DNNL_ARG_SRC, memory(product->src, engine, rows.data_ptr())},
        {DNNL_ARG_WEIGHTS, memory(product->weights, engine, packed.data_ptr())},
        {DNNL_ARG_DST, memory(product->dst, engine, result.data_ptr())}};
    if (bias_values.defined())
        args.emplace(DNNL_ARG_BIAS, memory(product->bias, engine, bias_values.data_ptr()));
    thread_local at::Tensor scratchpad;
    if (const int64_t bytes = static_cast<int64_t>(product->scratchpad.get_size()); bytes > 0) {
        if (!scratchpad.defined() || scratchpad.numel() < bytes)
            scratchpad = at::empty({bytes}, at::kByte);
        args.emplace(DNNL_ARG_SCRATCHPAD,
                     memory(product->scratchpad, engine, scratchpad.data_ptr()));
    }
    thread_local dnnl::stream stream(cpu_engine());
    product->primitive.execute(stream, args);
    stream.wait();
    return with_residual(result, residual);
}

}  // namespace tfw

#endif  // TFW_HAVE_DNNL
