#pragma once
// Products with int8 weights in tiles of 64 outputs, for int8 decoding on CPUs with AVX-512
// VNNI or AVX2 (any LibTorch: Debian's 1.13 has no quantized engine of its own). Weights are int8
// per output (symmetric, the output's largest magnitude at 127), each input row is quantized to
// int8 the same way as it comes, and VNNI's dot product of four unsigned by four signed bytes
// sums the products in int32, exactly; the sum is scaled back to fp32 once per output. The
// weights are laid out as the AVX-512 BF16 tiles of tiled_product.h with quads of inputs in
// place of pairs ([in / 4][64][4]) and read with the same loop (tile_loop.h): once per pass of
// up to six rows, shared out among helper threads. A quarter of fp32's bytes to read for a few
// rows, four times its multiply-adds per instruction for many. Where the CPU has AMX, six rows
// or more are multiplied in its tile registers from the same layout, to the same exact sums.
// Without AVX-512, AVX-VNNI (Alder Lake and later) runs the same dot product on 256 bits; without
// either, AVX2 widens the inputs and weights to 16 bits and multiplies pairs of them: the same
// exact sums again (and the same results) each time.

#include <ATen/core/Tensor.h>

#include "core/model/fused_activation.h"

namespace tfw {

// Whether this CPU multiplies int8 tiles (AVX-512 VNNI or AVX2) with `inputs` inputs, a multiple
// of 4.
bool int8_tiles_supported(int64_t inputs);

// Weights [out, in] as int8 tiles.
struct Int8Tiles {
    at::Tensor weights;       // int8 [ceil(out / 64), in / 4, 64, 4], missing outputs zero
    at::Tensor scales;        // fp32 [ceil(out / 64) * 64]: each output's weight scale
    at::Tensor compensation;  // int32, as scales: 128 times each output's int8 weights' sum
    int64_t outputs = 0;
    // Many rows are multiplied with AMX's tile registers: set where the CPU has them and the
    // inputs are a multiple of 64. The same results as without (the sums are exact integers).
    bool amx = false;

    bool defined() const { return weights.defined(); }
};

Int8Tiles pack_int8_tiles(const at::Tensor& weight);

// activation(input times the weights plus bias) plus residual (a residual is not activated):
// input [..., in] fp32, any number of rows; bias [out] and residual [..., out] fp32 or
// undefined. Each row of the input is quantized on its own (its largest magnitude at 127).
at::Tensor int8_tiled_linear(const at::Tensor& input, const Int8Tiles& tiles,
                             const at::Tensor& bias, FusedActivation activation,
                             const at::Tensor& residual);

}  // namespace tfw
