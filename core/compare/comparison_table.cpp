#include "core/compare/comparison_table.h"

#include <cmath>

namespace tfw {

std::vector<size_t> best_cells(const ComparisonRow& row) {
    if (row.better == Better::None) return {};
    double best = std::nan("");
    int present = 0;
    bool all_equal = true;
    for (const double v : row.values) {
        if (std::isnan(v)) continue;
        if (present++ > 0 && v != best) all_equal = false;
        if (std::isnan(best) || (row.better == Better::Lower ? v < best : v > best)) best = v;
    }
    if (present < 2 || all_equal) return {};
    std::vector<size_t> indices;
    for (size_t i = 0; i < row.values.size(); ++i)
        if (row.values[i] == best) indices.push_back(i);
    return indices;
}

}  // namespace tfw
