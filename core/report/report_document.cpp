#include "core/report/report_document.h"

#include <utility>

namespace tfw {

void ReportDocument::heading(const std::string& text, int level) {
    ReportBlock block;
    block.kind = ReportBlock::Kind::Heading;
    block.level = level;
    block.text = text;
    blocks.push_back(std::move(block));
}

void ReportDocument::paragraph(const std::string& text) {
    ReportBlock block;
    block.kind = ReportBlock::Kind::Paragraph;
    block.text = text;
    blocks.push_back(std::move(block));
}

void ReportDocument::bullets(std::vector<std::string> items) {
    ReportBlock block;
    block.kind = ReportBlock::Kind::Bullets;
    block.items = std::move(items);
    blocks.push_back(std::move(block));
}

void ReportDocument::table(ReportTable table) {
    ReportBlock block;
    block.kind = ReportBlock::Kind::Table;
    block.table = std::move(table);
    blocks.push_back(std::move(block));
}

void ReportDocument::figure(ReportFigure figure) {
    ReportBlock block;
    block.kind = ReportBlock::Kind::Figure;
    block.figure = std::move(figure);
    blocks.push_back(std::move(block));
}

void ReportDocument::code(const std::string& text) {
    ReportBlock block;
    block.kind = ReportBlock::Kind::Code;
    block.text = text;
    blocks.push_back(std::move(block));
}

}  // namespace tfw
