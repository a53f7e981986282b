// The HTML writer: one page that opens in any browser, figures as SVG images beside it.
#include <cctype>
#include <sstream>

#include "core/report/inline_code.h"
#include "core/report/markup_escape.h"
#include "core/report/report_writers.h"

namespace tfw {
namespace {

std::string inline_html(const std::string& text) {
    std::string out;
    for (const TextSpan& span : split_inline_code(text))
        out +=
            span.code ? "<code>" + escape_markup(span.text) + "</code>" : escape_markup(span.text);
    return out;
}

const char* kStyle =
    R"(body{font-family:"DejaVu Sans","Noto Sans CJK SC","WenQuanYi Micro Hei",sans-serif;max-width:58em;margin:2em auto;padding:0 1em;line-height:1.5;color:#222}
h1{font-size:1.7em;border-bottom:2px solid #ccc;padding-bottom:.2em}h2{margin-top:1.8em;border-bottom:1px solid #ddd}
table{border-collapse:collapse;margin:1em 0;font-size:.92em}th,td{border:1px solid #ccc;padding:.25em .6em;vertical-align:top}
th{background:#f2f2f2;text-align:left}td.n{text-align:right;white-space:nowrap}.note{color:#555;font-size:.9em;margin-top:-.5em}
.figure{margin:1.2em 0 .2em;text-align:center;line-height:1}.figure img{max-width:100%}.caption{color:#444;font-size:.92em;text-align:center;margin-top:0}
code{background:#f4f4f4;padding:0 .2em;border-radius:3px}pre{background:#f4f4f4;padding:.8em;overflow-x:auto;font-size:.88em})";

// A cell that is a number (possibly with ±, %, a sign) is aligned right.
bool numeric(const std::string& cell) {
    if (cell.empty()) return false;
    for (const char c : cell)
        if (!(std::isdigit(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == '+' ||
              c == ',' || c == ' ' || c == '%' || c == 'e' ||
              static_cast<unsigned char>(c) >= 0x80))
            return false;
    return std::isdigit(static_cast<unsigned char>(cell.back())) || cell.back() == '%';
}

void write_table(std::ostringstream& out, const ReportTable& table) {
    out << "<table>\n<tr>";
    for (const std::string& cell : table.header) out << "<th>" << inline_html(cell) << "</th>";
    out << "</tr>\n";
    for (size_t r = 0; r < table.rows.size(); ++r) {
        out << "<tr>";
        for (size_t c = 0; c < table.rows[r].size(); ++c) {
            const std::string& cell = table.rows[r][c];
            const bool strong =
                r < table.bold.size() && c < table.bold[r].size() && table.bold[r][c];
            out << (numeric(cell) ? "<td class=\"n\">" : "<td>") << (strong ? "<b>" : "")
                << inline_html(cell) << (strong ? "</b>" : "") << "</td>";
        }
        out << "</tr>\n";
    }
    out << "</table>\n";
    if (!table.note.empty()) out << "<p class=\"note\">" << inline_html(table.note) << "</p>\n";
}

}  // namespace

std::string report_html(const ReportDocument& document) {
    std::ostringstream out;
    const std::string lang = document.language == "en" ? "en" : "zh-CN";
    out << "<!DOCTYPE html>\n<html lang=\"" << lang
        << "\">\n<head>\n<meta charset=\"utf-8\">\n<title>" << escape_markup(document.title)
        << "</title>\n<style>\n"
        << kStyle << "\n</style>\n</head>\n<body>\n<h1>" << escape_markup(document.title)
        << "</h1>\n";
    for (const ReportBlock& block : document.blocks) {
        switch (block.kind) {
            case ReportBlock::Kind::Heading:
                out << "<h" << block.level << ">" << escape_markup(block.text) << "</h"
                    << block.level << ">\n";
                break;
            case ReportBlock::Kind::Paragraph:
                out << "<p>" << inline_html(block.text) << "</p>\n";
                break;
            case ReportBlock::Kind::Bullets:
                out << "<ul>\n";
                for (const std::string& item : block.items)
                    out << "<li>" << inline_html(item) << "</li>\n";
                out << "</ul>\n";
                break;
            case ReportBlock::Kind::Table:
                write_table(out, block.table);
                break;
            case ReportBlock::Kind::Figure:
                // A paragraph rather than <figure>, which Qt's rich text (the window's
                // preview) does not lay out.
                out << "<p class=\"figure\" align=\"center\"><img src=\"figures/"
                    << block.figure.name << ".svg\" alt=\"" << escape_markup(block.figure.caption)
                    << "\"></p>\n<p class=\"caption\" align=\"center\">"
                    << inline_html(block.figure.caption) << "</p>\n";
                break;
            case ReportBlock::Kind::Code:
                out << "<pre>" << escape_markup(block.text) << "</pre>\n";
                break;
        }
    }
    out << "</body>\n</html>\n";
    return out.str();
}

}  // namespace tfw
