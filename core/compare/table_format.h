#pragma once
// A comparison table as text: Markdown (for notes and READMEs), CSV (RFC 4180 quoting, for
// spreadsheets) or LaTeX (a tabular with every special character escaped, for reports).
// Markdown and LaTeX set each row's best value in bold.

#include <string>

#include "core/compare/comparison_table.h"

namespace tfw {

enum class TableFormat { Markdown, Csv, Latex };

// "md", "csv", "latex"; throws std::invalid_argument naming the choices otherwise.
TableFormat parse_table_format(const std::string& name);

std::string format_table(const ComparisonTable& table, TableFormat format);

std::string csv_field(const std::string& text);
std::string latex_escape(const std::string& text);
std::string markdown_escape(const std::string& text);

}  // namespace tfw
