// The Markdown writer: GitHub-flavoured tables, figures as SVG images beside the file.
#include <sstream>

#include "core/compare/table_format.h"
#include "core/report/inline_code.h"
#include "core/report/report_writers.h"

namespace tfw {
namespace {

// The rest is escaped where Markdown would read it; in code spans only '|', which would end a
// table cell (GitHub renders "\|" in a code span as '|').
std::string inline_markdown(const std::string& text) {
    std::string out;
    for (const TextSpan& span : split_inline_code(text)) {
        if (!span.code) {
            out += markdown_escape(span.text);
            continue;
        }
        out += '`';
        for (const char c : span.text) out += c == '|' ? std::string("\\|") : std::string(1, c);
        out += '`';
    }
    return out;
}

// A caption as an image's alternative text: no markup.
std::string alt_text(const std::string& caption) {
    std::string out;
    for (const TextSpan& span : split_inline_code(caption)) out += span.text;
    return markdown_escape(out);
}

void write_table(std::ostringstream& out, const ReportTable& table) {
    auto row = [&](const std::vector<std::string>& cells, const std::vector<bool>* bold) {
        out << "|";
        for (size_t c = 0; c < cells.size(); ++c) {
            const bool strong = bold && c < bold->size() && (*bold)[c] && !cells[c].empty();
            out << " " << (strong ? "**" : "") << inline_markdown(cells[c]) << (strong ? "**" : "")
                << " |";
        }
        out << "\n";
    };
    row(table.header, nullptr);
    out << "|";
    for (size_t c = 0; c < table.header.size(); ++c) out << " --- |";
    out << "\n";
    for (size_t r = 0; r < table.rows.size(); ++r)
        row(table.rows[r], r < table.bold.size() ? &table.bold[r] : nullptr);
    if (!table.note.empty()) out << "\n*" << inline_markdown(table.note) << "*\n";
}

}  // namespace

std::string report_markdown(const ReportDocument& document) {
    std::ostringstream out;
    out << "# " << markdown_escape(document.title) << "\n";
    for (const ReportBlock& block : document.blocks) {
        out << "\n";
        switch (block.kind) {
            case ReportBlock::Kind::Heading:
                out << std::string(static_cast<size_t>(block.level), '#') << " "
                    << markdown_escape(block.text) << "\n";
                break;
            case ReportBlock::Kind::Paragraph:
                out << inline_markdown(block.text) << "\n";
                break;
            case ReportBlock::Kind::Bullets:
                for (const std::string& item : block.items)
                    out << "- " << inline_markdown(item) << "\n";
                break;
            case ReportBlock::Kind::Table:
                write_table(out, block.table);
                break;
            case ReportBlock::Kind::Figure:
                out << "![" << alt_text(block.figure.caption) << "](figures/" << block.figure.name
                    << ".svg)\n\n*" << inline_markdown(block.figure.caption) << "*\n";
                break;
            case ReportBlock::Kind::Code:
                out << "```\n"
                    << block.text << (block.text.empty() || block.text.back() == '\n' ? "" : "\n")
                    << "```\n";
                break;
        }
    }
    return out.str();
}

}  // namespace tfw
