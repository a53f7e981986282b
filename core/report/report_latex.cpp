// The LaTeX writer: an article for XeLaTeX (ctexart for Chinese), figures as PDF beside it.
#include <algorithm>
#include <sstream>

#include "core/compare/table_format.h"
#include "core/report/inline_code.h"
#include "core/report/report_writers.h"

namespace tfw {
namespace {

// Code may break after '|', '/' and ',' (a metric's signature, a path) so that it wraps in a
// table cell instead of running into the margin.
std::string latex_code(const std::string& code) {
    std::string out = "\\texttt{";
    for (const char c : code) {
        out += latex_escape(std::string(1, c));
        if (c == '|' || c == '/' || c == ',') out += "\\allowbreak{}";
    }
    return out + "}";
}

std::string inline_latex(const std::string& text) {
    std::string out;
    for (const TextSpan& span : split_inline_code(text))
        out += span.code ? latex_code(span.text) : latex_escape(span.text);
    return out;
}

const char* section_command(int level) {
    return level <= 2 ? "\\section" : level == 3 ? "\\subsection" : "\\subsubsection";
}

void write_table(std::ostringstream& out, const ReportTable& table) {
    // Short columns as wide as they need; long ones share the rest of the line and wrap.
    std::vector<size_t> widths(table.header.size(), 0);
    for (size_t c = 0; c < widths.size(); ++c) {
        widths[c] = table.header[c].size();
        for (const auto& row : table.rows)
            if (c < row.size()) widths[c] = std::max(widths[c], row[c].size());
    }
    const bool wraps = std::any_of(widths.begin(), widths.end(), [](size_t w) { return w > 28; });
    out << "\\begin{center}\\small\n\\begin{tabularx}{\\linewidth}{";
    for (size_t c = 0; c < widths.size(); ++c)
        out << (widths[c] > 28 || (!wraps && c + 1 == widths.size())
                    ? ">{\\raggedright\\arraybackslash}X"
                    : "l");
    out << "}\n\\toprule\n";
    for (size_t c = 0; c < table.header.size(); ++c)
        out << (c ? " & " : "") << "\\textbf{" << inline_latex(table.header[c]) << "}";
    out << " \\\\\n\\midrule\n";
    for (size_t r = 0; r < table.rows.size(); ++r) {
        for (size_t c = 0; c < table.rows[r].size(); ++c) {
            const bool strong =
                r < table.bold.size() && c < table.bold[r].size() && table.bold[r][c];
            out << (c ? " & " : "") << (strong ? "\\textbf{" : "") << inline_latex(table.rows[r][c])
                << (strong ? "}" : "");
        }
        out << " \\\\\n";
    }
    out << "\\bottomrule\n\\end{tabularx}\n\\end{center}\n";
    if (!table.note.empty()) out << "{\\footnotesize " << inline_latex(table.note) << "}\n";
}

}  // namespace

std::string report_latex(const ReportDocument& document) {
    std::ostringstream out;
    const bool chinese = document.language != "en";
    out << "% Compile with: xelatex report.tex\n"
        << (chinese ? "\\documentclass[UTF8,a4paper,11pt]{ctexart}\n"
                    : "\\documentclass[a4paper,11pt]{article}\n\\usepackage{fontspec}\n")
        << "\\usepackage[margin=2.2cm]{geometry}\n\\usepackage{graphicx}\n\\usepackage{booktabs}\n"
           "\\usepackage{tabularx}\n"
           "\\title{"
        << latex_escape(document.title) << "}\n\\date{}\n\\begin{document}\n\\maketitle\n";
    for (const ReportBlock& block : document.blocks) {
        out << "\n";
        switch (block.kind) {
            case ReportBlock::Kind::Heading:
                out << section_command(block.level) << "*{" << latex_escape(block.text) << "}\n";
                break;
            case ReportBlock::Kind::Paragraph:
                out << inline_latex(block.text) << "\n";
                break;
            case ReportBlock::Kind::Bullets:
                out << "\\begin{itemize}\n";
                for (const std::string& item : block.items)
                    out << "\\item " << inline_latex(item) << "\n";
                out << "\\end{itemize}\n";
                break;
            case ReportBlock::Kind::Table:
                write_table(out, block.table);
                break;
            case ReportBlock::Kind::Figure:
                // Not a float: a figure stays under the text that introduces it.
                out << "\\begin{center}\n\\includegraphics[width=0.8\\linewidth]{figures/"
                    << block.figure.name << ".pdf}\\\\[2pt]\n{\\small "
                    << inline_latex(block.figure.caption) << "}\n\\end{center}\n";
                break;
            case ReportBlock::Kind::Code:
                out << "{\\footnotesize\n\\begin{verbatim}\n"
                    << block.text << (block.text.empty() || block.text.back() == '\n' ? "" : "\n")
                    << "\\end{verbatim}\n}\n";
                break;
        }
    }
    out << "\n\\end{document}\n";
    return out.str();
}

}  // namespace tfw
