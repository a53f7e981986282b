#pragma once
// The metrics part of a comparison: size, training, validation and evaluation numbers of
// each item side by side, and notes where the numbers do not compare directly.

#include <string>
#include <vector>

#include "core/compare/compare_item.h"
#include "core/compare/comparison_table.h"

namespace tfw {

ComparisonTable metrics_table(const std::vector<CompareItem>& items);

// Sentences such as "different tasks (translation, summarization): ..." for every reason the
// items' numbers are not directly comparable; empty when they are.
std::vector<std::string> comparison_notes(const std::vector<CompareItem>& items);

// 3725 -> "1 h 02 min", 65 -> "1 min 05 s", 7.4 -> "7 s".
std::string duration_text(double seconds);
// 1234567 -> "1,234,567".
std::string grouped_integer(int64_t value);

}  // namespace tfw
