#pragma once
// A report as its writers see it: blocks of headings, paragraphs, tables, figures and code in
// order, plus the files that go beside it (configuration, BibTeX, commands). The same document
// becomes HTML, Markdown or LaTeX (report_writers.h); its figures SVG or PDF (chart.h).
//
// Paragraph text is plain; `backticks` mark code (setting names, commands, file names).

#include <string>
#include <variant>
#include <vector>

#include "core/report/chart.h"

namespace tfw {

struct ReportTable {
    std::vector<std::string> header;
    std::vector<std::vector<std::string>> rows;
    std::vector<std::vector<bool>> bold;  // empty, or [row][cell]: the best values
    std::string note;                     // under the table
};

struct ReportFigure {
    std::string name;     // file name without extension, unique in the report: "curves-loss"
    std::string caption;  // under the figure
    std::variant<LineChart, Heatmap, HeatmapGrid> drawing;
};

struct ReportBlock {
    enum class Kind { Heading, Paragraph, Bullets, Table, Figure, Code };
    Kind kind = Kind::Paragraph;
    int level = 2;                   // headings: 1 title, 2 section, 3 subsection
    std::string text;                // heading, paragraph or code
    std::vector<std::string> items;  // bullets
    ReportTable table;
    ReportFigure figure;
};

struct ReportAttachment {
    std::string name;  // file name beside the report: "config.json", "references.bib"
    std::string text;
};

struct ReportDocument {
    std::string title;
    std::string language;  // "en", "zh_CN"
    std::vector<ReportBlock> blocks;
    std::vector<ReportAttachment> attachments;

    void heading(const std::string& text, int level = 2);
    void paragraph(const std::string& text);
    void bullets(std::vector<std::string> items);
    void table(ReportTable table);
    void figure(ReportFigure figure);
    void code(const std::string& text);
};

}  // namespace tfw
