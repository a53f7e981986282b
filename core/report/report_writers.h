#pragma once
// A report document as files: report.html (figures as SVG), report.md (figures as SVG) and
// report.tex (figures as PDF; XeLaTeX, with ctex for Chinese), beside figures/ and the
// document's attachments.

#include <functional>
#include <string>
#include <vector>

#include "core/report/report_document.h"

namespace tfw {

enum class ReportFormat { Html, Markdown, Latex };

// "html", "md", "tex" or "all"; throws std::invalid_argument naming the choices otherwise.
std::vector<ReportFormat> parse_report_formats(const std::string& name);

std::string report_markdown(const ReportDocument& document);
std::string report_html(const ReportDocument& document);
std::string report_latex(const ReportDocument& document);

// Writes the formats' files into `dir` (created when absent) and returns their paths, the
// report files first. progress(done, total) after each file; returning false cancels, and
// write_report returns what was written so far. Throws std::runtime_error naming a file that
// cannot be written.
std::vector<std::string> write_report(const ReportDocument& document, const std::string& dir,
                                      const std::vector<ReportFormat>& formats,
                                      const std::function<bool(size_t, size_t)>& progress = {});

}  // namespace tfw
