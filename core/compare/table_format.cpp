#include "core/compare/table_format.h"

#include <algorithm>
#include <stdexcept>

namespace tfw {
namespace {

// Characters as a terminal shows them (UTF-8 continuation bytes take no column).
size_t display_width(const std::string& text) {
    return static_cast<size_t>(
        std::count_if(text.begin(), text.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

std::string pad(const std::string& text, size_t width, bool right) {
    const std::string fill(width > display_width(text) ? width - display_width(text) : 0, ' ');
    return right ? fill + text : text + fill;
}

// Columns padded to one width each, so that the table reads well as plain text too.
std::string markdown(const ComparisonTable& table) {
    std::vector<std::vector<std::string>> lines;
    std::vector<std::string> header{markdown_escape(table.corner)};
    for (const auto& column : table.columns) header.push_back(markdown_escape(column));
    lines.push_back(header);
    const auto best = best_marks(table);
    for (size_t r = 0; r < table.rows.size(); ++r) {
        const ComparisonRow& row = table.rows[r];
        std::vector<std::string> line{markdown_escape(row.label)};
        for (size_t i = 0; i < row.cells.size(); ++i) {
            const std::string cell = markdown_escape(row.cells[i]);
            line.push_back(best[r][i] && !cell.empty() ? "**" + cell + "**" : cell);
        }
        lines.push_back(line);
    }
    std::vector<size_t> widths(header.size(), 3);
    for (const auto& line : lines)
        for (size_t i = 0; i < line.size() && i < widths.size(); ++i)
            widths[i] = std::max(widths[i], display_width(line[i]));

    std::string out;
    for (size_t n = 0; n < lines.size(); ++n) {
        out += "|";
        for (size_t i = 0; i < widths.size(); ++i)
            out += " " + pad(i < lines[n].size() ? lines[n][i] : "", widths[i], i > 0) + " |";
        out += "\n";
        if (n == 0) {
            out += "|";
            for (size_t i = 0; i < widths.size(); ++i)
                out +=
                    " " +
                    (i == 0 ? std::string(widths[i], '-') : std::string(widths[i] - 1, '-') + ":") +
                    " |";
            out += "\n";
        }
    }
    return out;
}

std::string csv(const ComparisonTable& table) {
    std::string out = csv_field(table.corner);
    for (const auto& column : table.columns) out += "," + csv_field(column);
    out += "\n";
    for (const auto& row : table.rows) {
        out += csv_field(row.label);
        for (const auto& cell : row.cells) out += "," + csv_field(cell);
        out += "\n";
    }
    return out;
}

// booktabs rules (\usepackage{booktabs}), as journals and most report templates want them.
std::string latex(const ComparisonTable& table) {
    std::string out = "\\begin{tabular}{l" + std::string(table.columns.size(), 'r') + "}\n" +
                      "\\toprule\n" + latex_escape(table.corner);
    for (const auto& column : table.columns) out += " & " + latex_escape(column);
    out += " \\\\\n\\midrule\n";
    const auto best = best_marks(table);
    for (size_t r = 0; r < table.rows.size(); ++r) {
        const ComparisonRow& row = table.rows[r];
        out += latex_escape(row.label);
        for (size_t i = 0; i < row.cells.size(); ++i) {
            const std::string cell = latex_escape(row.cells[i]);
            out += " & " + (best[r][i] && !cell.empty() ? "\\textbf{" + cell + "}" : cell);
        }
        out += " \\\\\n";
    }
    return out + "\\bottomrule\n\\end{tabular}\n";
}

}  // namespace

TableFormat parse_table_format(const std::string& name) {
    if (name == "md" || name == "markdown") return TableFormat::Markdown;
    if (name == "csv") return TableFormat::Csv;
    if (name == "latex" || name == "tex") return TableFormat::Latex;
    throw std::invalid_argument("unknown table format '" + name + "' (choose md, csv or latex)");
}

std::string format_table(const ComparisonTable& table, TableFormat format) {
    switch (format) {
        case TableFormat::Csv:
            return csv(table);
        case TableFormat::Latex:
            return latex(table);
        case TableFormat::Markdown:
            break;
    }
    return markdown(table);
}

std::string csv_field(const std::string& text) {
    if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
    std::string quoted = "\"";
    for (const char c : text) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
    return quoted + "\"";
}

std::string latex_escape(const std::string& text) {
    // Symbols the tables use, as math so that they need no Unicode-aware LaTeX.
    static const std::pair<const char*, const char*> symbols[] = {
        {"\u00b1", "$\\pm$"}, {"\u2248", "$\\approx$"}, {"\u0394", "$\\Delta$"}};
    for (const auto& [symbol, math] : symbols) {
        const auto at = text.find(symbol);
        if (at != std::string::npos)
            return latex_escape(text.substr(0, at)) + math +
                   latex_escape(text.substr(at + std::string(symbol).size()));
    }
    std::string out;
    for (const char c : text) {
        switch (c) {
            case '\\':
                out += "\\textbackslash{}";
                break;
            case '&':
            case '%':
            case '$':
            case '#':
            case '_':
            case '{':
            case '}':
                out += '\\';
                out += c;
                break;
            case '~':
                out += "\\textasciitilde{}";
                break;
            case '^':
                out += "\\textasciicircum{}";
                break;
            default:
                out += c;
        }
    }
    return out;
}

std::string markdown_escape(const std::string& text) {
    std::string out;
    for (const char c : text) {
        if (c == '|' || c == '\\' || c == '*' || c == '`') out += '\\';
        out += c == '\n' ? ' ' : c;
    }
    return out;
}

}  // namespace tfw
