#pragma once
// The loop shared by the tiled products (tiled_product.h, int8_tiles.h): weights in tiles of 64
// outputs, each tile read once for a pass of up to six rows, the tiles (and, for many rows, the
// rows) shared out in parts among the calling thread and helper threads (helper_threads.h).

#include <algorithm>
#include <cstdint>
#include <type_traits>

#include "core/runtime/compute_threads.h"
#include "core/runtime/helper_threads.h"

namespace tfw::tile_loop {

constexpr int64_t kTile = 64;  // outputs per tile
// Rows in one pass over a tile: four vectors of sums per row, the tile's four weight vectors
// and a broadcast input fit AVX-512's 32 registers.
constexpr int64_t kRowsPerPass = 6;
// With more threads, the tiles are shared out in parts of two (128 KB of fp32 weights with 256
// inputs) among at most four threads: a few rows' product is bound by reading the weights, and
// a few cores read them as fast as the memory gives them (two measured: 1.8-2x one's speed).
constexpr int64_t kTilesPerPart = 2;
constexpr int kMostThreads = 4;
// Many rows are shared out in groups of this many as well, each group's passes over a tile
// reading it from the cache.
constexpr int64_t kRowsPerGroup = 8 * kRowsPerPass;

// The mask of the first `lanes` (at least 1) of a vector's 16: a tile's valid outputs in its
// last vector, the rest of a row.
constexpr uint16_t first_lanes(int64_t lanes) {
    return lanes >= 16 ? 0xFFFF : static_cast<uint16_t>((1u << lanes) - 1);
}

// Calls kernel(std::integral_constant<int, rows>) for 1 to kRowsPerPass rows.
template <class Kernel>
void with_rows(int64_t rows, const Kernel& kernel) {
    switch (rows) {
        case 1:
            return kernel(std::integral_constant<int, 1>{});
        case 2:
            return kernel(std::integral_constant<int, 2>{});
        case 3:
            return kernel(std::integral_constant<int, 3>{});
        case 4:
            return kernel(std::integral_constant<int, 4>{});
        case 5:
            return kernel(std::integral_constant<int, 5>{});
        default:
            return kernel(std::integral_constant<int, kRowsPerPass>{});
    }
}

// Runs tile(t, first row, rows) for every tile t of `outputs` and every pass of at most
// RowsPerPass rows, the passes of a group as even as they can be (8 rows: two of 4); the work
// shared out among helper threads. The results must not depend on the thread that computes them.
template <int64_t RowsPerPass = kRowsPerPass, int64_t RowsPerGroup = kRowsPerGroup, class Tile>
void for_each_tile(int64_t rows, int64_t outputs, const Tile& tile) {
    const int64_t count = (outputs + kTile - 1) / kTile;
    const int64_t groups = (rows + RowsPerGroup - 1) / RowsPerGroup;
    const int64_t tile_parts = std::max<int64_t>(1, count / kTilesPerPart);
    auto part = [&](int64_t p) {
        const int64_t g = p / tile_parts, tp = p % tile_parts;
        const int64_t first = g * RowsPerGroup;
        const int64_t n = std::min(RowsPerGroup, rows - first);
        const int64_t passes = (n + RowsPerPass - 1) / RowsPerPass;
        const int64_t pass = (n + passes - 1) / passes;
        for (int64_t t = tp * count / tile_parts; t < (tp + 1) * count / tile_parts; ++t)
            for (int64_t r = 0; r < n; r += pass) tile(t, first + r, std::min(pass, n - r));
    };
    const int helpers = std::min(threads_here(), kMostThreads) - 1;
    run_in_parts(groups * tile_parts, helpers, part);
}

}  // namespace tfw::tile_loop
