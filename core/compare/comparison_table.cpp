#include "core/compare/comparison_table.h"

#include <cmath>

namespace tfw {

Phrase comparison_row_name(const char* name) {
    return Phrase("ComparisonTable", name);
}

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

std::vector<std::vector<bool>> best_marks(const ComparisonTable& table) {
    std::vector<std::vector<bool>> marks;
    for (const auto& row : table.rows) {
        marks.emplace_back(row.cells.size(), false);
        for (const size_t i : best_cells(row)) marks.back()[i] = true;
    }
    for (size_t column = 0; column < table.column_better.size(); ++column) {
        ComparisonRow values;  // the column as a row, to find its best the same way
        values.better = table.column_better[column];
        for (const auto& row : table.rows)
            values.values.push_back(column < row.values.size() ? row.values[column] : std::nan(""));
        for (const size_t r : best_cells(values))
            if (column < marks[r].size()) marks[r][column] = true;
    }
    return marks;
}

}  // namespace tfw
