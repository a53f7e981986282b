#pragma once
// A comparison is a table with one row per quantity (a config key, a metric) and one
// column per compared item. The same table is printed by `tfw compare` and shown in the
// window's Compare tab.

#include <string>
#include <vector>

#include "core/config/phrase.h"

namespace tfw {

enum class Better { None, Lower, Higher };  // which value of a row is the best one

struct ComparisonRow {
    std::string label;               // "model.heads", "valid loss (best)"
    std::vector<std::string> cells;  // one per item, "" where the item has no value
    std::vector<double> values;      // one per item when the row is numeric, NaN where missing
    Better better = Better::None;
    bool differs = false;  // config rows: not every item has the same value
    Phrase title;          // the label in words the window translates; empty: `label` as it is
    // What the cells hold, so the window can show them in its language.
    enum class Cells { Text, Choice, RunState } cells_are = Cells::Text;
};

// A row's name as the window shows it: `name` is marked TFW_TR_NOOP("ComparisonTable", ...)
// where it is written.
Phrase comparison_row_name(const char* name);

struct ComparisonTable {
    std::string corner;                // header of the label column
    std::vector<std::string> columns;  // one per item
    std::vector<ComparisonRow> rows;
    // Tables whose rows are the items (a sweep's variants): which way is better per column, so
    // that the best cell of each column is marked; empty or Better::None: no column marks.
    std::vector<Better> column_better;
};

// Indices of the items holding the row's best value (ties included); empty when the row has
// no direction, fewer than two values, or all values equal.
std::vector<size_t> best_cells(const ComparisonRow& row);

// [row][cell]: the cells to show as best, by row (best_cells) or by column (column_better).
std::vector<std::vector<bool>> best_marks(const ComparisonTable& table);

}  // namespace tfw
