#include "core/report/report_builder.h"

#include <optional>
#include <stdexcept>

#include "core/io/model_io.h"
#include "core/report/report_sections.h"
#include "core/sweep/sweep_state.h"

namespace tfw {
namespace {

std::string experiment_name(const ReportRun& run) {
    return run.config.name.empty() ? run.label() : run.config.name;
}

}  // namespace

ReportDocument build_report(const ReportRequest& request, const ReportText& t,
                            const std::function<bool(size_t, size_t)>& progress) {
    if (request.paths.empty()) throw std::runtime_error("a report needs a run or a sweep folder");
    const bool is_sweep = request.paths.size() == 1 && is_sweep_dir(request.paths.front());
    std::vector<std::string> run_dirs = request.paths;
    SweepState state;
    SweepReport sweep;
    if (is_sweep) {
        state = load_sweep(request.paths.front());
        sweep = build_sweep_report(request.paths.front());
        run_dirs = finished_run_dirs(request.paths.front());
        if (run_dirs.empty())
            throw std::runtime_error(request.paths.front() + ": the sweep has no finished run yet");
    }
    // Reading each run, the probe decoded, the sections.
    const size_t total = run_dirs.size() + 2;
    size_t done = 0;
    auto step = [&]() { return !progress || progress(++done, total); };

    std::vector<ReportRun> loaded;
    for (const std::string& dir : run_dirs) {
        loaded.push_back(load_report_run(dir));
        if (!step()) return {};
    }
    Runs runs;
    for (const ReportRun& run : loaded) runs.push_back(&run);

    ReportDocument doc;
    doc.language = t.language();
    const ReportRun& first = loaded.front();
    if (!request.title.empty())
        doc.title = request.title;
    else if (is_sweep)
        doc.title = t(TFW_TR_NOOP("Report", "Ablation study: %1"), {sweep.name});
    else if (runs.size() > 1)
        doc.title =
            t(TFW_TR_NOOP("Report", "Comparison of %1 runs"), {std::to_string(runs.size())});
    else
        doc.title = t(TFW_TR_NOOP("Report", "Experiment report: %1"), {experiment_name(first)});
    doc.paragraph(
        t(TFW_TR_NOOP("Report",
                      "Written by Transformer Workbench from the runs' own files (configuration, "
                      "history, saved evaluations); every number below is the run's.")));

    // The first run's checkpoint, read once: its tokenizer (experiment) and the probe (attention).
    std::optional<Translator> translator;
    if (!first.checkpoint.empty())
        translator.emplace(load_model(first.checkpoint, is_sweep ? "cpu" : request.device));
    Translator* checkpoint = translator ? &*translator : nullptr;

    if (is_sweep) {
        add_ablation_section(doc, t, sweep, state);
        add_sweep_curves(doc, t, sweep);
        doc.heading(t(TFW_TR_NOOP("Report", "Baseline in detail")), 2);
        add_experiment_section(doc, t, first, checkpoint);
    } else if (runs.size() > 1) {
        add_comparison_section(doc, t, runs);
        add_curves_section(doc, t, runs);
        for (const ReportRun* run : runs) add_results_section(doc, t, *run);
    } else {
        add_experiment_section(doc, t, first, checkpoint);
        add_curves_section(doc, t, runs);
        add_results_section(doc, t, first);
        add_samples_section(doc, t, first);
    }
    if (!step()) return {};
    if (!is_sweep) add_attention_section(doc, t, first, checkpoint, request.probe);
    if (!step()) return {};
    add_reproduce_section(doc, t, runs, is_sweep ? &state : nullptr);
    return doc;
}

}  // namespace tfw
