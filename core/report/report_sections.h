#pragma once
// The sections of a report, each appended to the document by one function (report_builder.cpp
// decides which apply). Internal to core/report.

#include <string>
#include <vector>

#include "core/decode/translator.h"
#include "core/report/report_document.h"
#include "core/report/report_run.h"
#include "core/report/report_text.h"
#include "core/sweep/sweep_report.h"
#include "core/sweep/sweep_state.h"

namespace tfw {

using Runs = std::vector<const ReportRun*>;

// Task, data, tokenizer, model, training (with the schedule's figure) and the sanity checks.
// `translator`: the run's checkpoint loaded (its tokenizer counts pieces per word), or null.
void add_experiment_section(ReportDocument& doc, const ReportText& t, const ReportRun& run,
                            const Translator* translator);
// Loss, perplexity, learning rate and the validation metric over training; several runs are
// overlaid, a sweep's variants drawn as mean ± std bands.
void add_curves_section(ReportDocument& doc, const ReportText& t, const Runs& runs);
void add_sweep_curves(ReportDocument& doc, const ReportText& t, const SweepReport& sweep);
// The saved evaluations with each metric's definition and signature, and where their
// checkpoint came from; then the best and worst sentences.
void add_results_section(ReportDocument& doc, const ReportText& t, const ReportRun& run);
void add_samples_section(ReportDocument& doc, const ReportText& t, const ReportRun& run);
// The probe's layer × head grid, its two most focused heads enlarged, and the attention over
// training where the run kept snapshots; a sentence instead when the run has no checkpoint
// (`translator` null).
void add_attention_section(ReportDocument& doc, const ReportText& t, const ReportRun& run,
                           Translator* translator, const std::string& probe);
// Several runs: the settings that differ and their numbers side by side.
void add_comparison_section(ReportDocument& doc, const ReportText& t, const Runs& runs);
// A sweep: the table (mean ± std, Δ, Welch p, ≈) with one sentence per variant.
void add_ablation_section(ReportDocument& doc, const ReportText& t, const SweepReport& sweep,
                          const SweepState& state);
// Commands, configuration files beside the report, data checksums, seeds, versions, BibTeX.
void add_reproduce_section(ReportDocument& doc, const ReportText& t, const Runs& runs,
                           const SweepState* sweep);

// Shared by the sections.
std::string number(double value, int decimals);  // "-" for NaN
std::string task_text(const ReportText& t, Task task);

}  // namespace tfw
