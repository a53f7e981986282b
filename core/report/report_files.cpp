// Writing a report's files: the chosen formats, their figures and the attachments.
#include <filesystem>
#include <stdexcept>
#include <type_traits>
#include <variant>

#include "core/io/run_directory.h"
#include "core/report/report_writers.h"

namespace tfw {
namespace {

std::string figure_file(const ReportFigure& figure, bool pdf) {
    return std::visit(
        [pdf](const auto& drawing) -> std::string {
            using Drawing = std::decay_t<decltype(drawing)>;
            if constexpr (std::is_same_v<Drawing, LineChart>)
                return pdf ? chart_pdf(drawing) : chart_svg(drawing);
            else if constexpr (std::is_same_v<Drawing, Heatmap>)
                return pdf ? heatmap_pdf(drawing) : heatmap_svg(drawing);
            else
                return pdf ? heatmap_grid_pdf(drawing) : heatmap_grid_svg(drawing);
        },
        figure.drawing);
}

}  // namespace

std::vector<ReportFormat> parse_report_formats(const std::string& name) {
    if (name == "html") return {ReportFormat::Html};
    if (name == "md") return {ReportFormat::Markdown};
    if (name == "tex") return {ReportFormat::Latex};
    if (name == "all") return {ReportFormat::Html, ReportFormat::Markdown, ReportFormat::Latex};
    throw std::invalid_argument("unknown report format '" + name + "' (html, md, tex or all)");
}

std::vector<std::string> write_report(const ReportDocument& document, const std::string& dir,
                                      const std::vector<ReportFormat>& formats,
                                      const std::function<bool(size_t, size_t)>& progress) {
    namespace fs = std::filesystem;
    bool svg = false, pdf = false;
    for (const ReportFormat format : formats) (format == ReportFormat::Latex ? pdf : svg) = true;
    std::vector<const ReportFigure*> figures;
    for (const ReportBlock& block : document.blocks)
        if (block.kind == ReportBlock::Kind::Figure) figures.push_back(&block.figure);
    const size_t total = formats.size() + figures.size() * ((svg ? 1 : 0) + (pdf ? 1 : 0)) +
                         document.attachments.size();

    std::error_code error;
    fs::create_directories(fs::path(dir) / "figures", error);
    if (error) throw std::runtime_error("cannot create " + dir + "/figures: " + error.message());
    std::vector<std::string> written;
    auto write = [&](const fs::path& path, const std::string& text) {
        write_text_atomically(path.string(), text);
        written.push_back(path.string());
        return !progress || progress(written.size(), total);
    };
    for (const ReportFormat format : formats) {
        const bool go_on = format == ReportFormat::Html
                               ? write(fs::path(dir) / "report.html", report_html(document))
                           : format == ReportFormat::Markdown
                               ? write(fs::path(dir) / "report.md", report_markdown(document))
                               : write(fs::path(dir) / "report.tex", report_latex(document));
        if (!go_on) return written;
    }
    for (const ReportFigure* figure : figures) {
        const fs::path base = fs::path(dir) / "figures" / figure->name;
        if (svg && !write(base.string() + ".svg", figure_file(*figure, false))) return written;
        if (pdf && !write(base.string() + ".pdf", figure_file(*figure, true))) return written;
    }
    for (const ReportAttachment& attachment : document.attachments)
        if (!write(fs::path(dir) / attachment.name, attachment.text)) return written;
    return written;
}

}  // namespace tfw
