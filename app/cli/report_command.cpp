// tfw report: the pages of a course report (HTML, Markdown, LaTeX with figures) from a run,
// several runs or a sweep.
#include <iostream>
#include <memory>
#include <stdexcept>

#include "app/cli/args.h"
#include "app/cli/command.h"
#include "core/report/report_builder.h"
#include "core/report/report_writers.h"

namespace tfw::cli {
namespace {

int report(const std::vector<std::string>& argv) {
    Args args("report",
              "Writes a course report from the runs' own files: the experiment (data, tokenizer,\n"
              "model, training, sanity checks), training curves, results with each metric's\n"
              "definition and signature, sample outputs, attention figures, the ablation table\n"
              "of a sweep, and how to reproduce it (commands, configuration, checksums,\n"
              "references.bib). One run, several runs (a comparison) or one sweep folder.");
    args.positionals_rest("RUN_DIR|SWEEP_DIR", "run folders, or one sweep folder")
        .option("out", "DIR", "the report's folder (created; files in it are replaced)")
        .option("format", "html|md|tex|all",
                "what to write (figures: SVG for html and md, PDF "
                "for tex; compile report.tex with xelatex)",
                "all")
        .option("language", "en|zh_CN", "the language of headings, captions and sentences", "en")
        .option("probe", "TEXT",
                "the input of the attention figures (default: the run's first "
                "attention probe, else its first validation input)")
        .option("title", "TEXT", "the report's title (default: from the experiment)")
        .option("device", "auto|cpu|cuda", "where the probe is decoded", "cpu");
    if (!args.parse(argv)) return 0;
    if (!args.has("out")) throw UsageError("--out is required (see tfw report --help)");
    std::vector<ReportFormat> formats;
    std::unique_ptr<ReportText> text;
    try {
        formats = parse_report_formats(args.get("format"));
        text = std::make_unique<ReportText>(args.get("language"));
    } catch (const std::invalid_argument& e) {
        throw UsageError(e.what());
    }
    ReportRequest request;
    request.paths = args.positionals();
    request.probe = args.has("probe") ? args.get("probe") : "";
    request.title = args.has("title") ? args.get("title") : "";
    request.device = args.get("device");
    const ReportDocument document = build_report(request, *text, [](size_t done, size_t total) {
        std::cerr << "\rbuilding the report: " << done << "/" << total << std::flush;
        return true;
    });
    std::cerr << "\n";
    const auto written = write_report(document, args.get("out"), formats);
    for (const std::string& file : written) std::cout << file << "\n";
    return 0;
}

const bool registered = register_command(
    {"report", "write a course report (HTML, Markdown, LaTeX) of runs or a sweep", report});

}  // namespace
}  // namespace tfw::cli
