// Several runs side by side, and a sweep's ablation table.
#include <cmath>

#include "core/compare/config_diff.h"
#include "core/compare/metrics_table.h"
#include "core/report/report_sections.h"

namespace tfw {
namespace {

std::string row_label(const ReportText& t, const ComparisonRow& row) {
    return row.title.empty() ? row.label : t.phrase(row.title);
}

ReportTable report_table(const ReportText& t, const ComparisonTable& table) {
    ReportTable out;
    out.header.push_back(t.phrase(Phrase("ComparisonTable", table.corner)));
    for (const std::string& column : table.columns)
        out.header.push_back(t.phrase(Phrase("ComparisonTable", column)));
    const auto marks = best_marks(table);
    for (size_t r = 0; r < table.rows.size(); ++r) {
        const ComparisonRow& row = table.rows[r];
        std::vector<std::string> cells{row.label.find('.') != std::string::npos && row.title.empty()
                                           ? "`" + row.label + "`"
                                           : row_label(t, row)};
        cells.insert(cells.end(), row.cells.begin(), row.cells.end());
        out.rows.push_back(cells);
        std::vector<bool> bold{false};
        for (size_t c = 0; c < row.cells.size(); ++c)
            bold.push_back(r < marks.size() && c < marks[r].size() && marks[r][c]);
        out.bold.push_back(bold);
    }
    return out;
}

// What a variant changes: against the base experiment, or (cumulative design) against the
// variant before it.
std::string changes(const ReportText& t, const SweepState& state, size_t v) {
    const SweepVariant& variant = state.variants[v];
    if (variant.baseline || variant.settings.empty())
        return t(TFW_TR_NOOP("Report", "the base experiment"));
    const auto base = flatten_config(state.spec.base);
    const bool cumulative = state.spec.design == SweepDesign::Cumulative && v > 0;
    std::string text;
    for (const auto& [key, value] : variant.settings) {
        std::string before;
        for (const auto& [base_key, base_value] : base)
            if (base_key == key) before = config_value_text(base_value);
        if (cumulative)
            for (const auto& [previous_key, previous_value] : state.variants[v - 1].settings)
                if (previous_key == key) before = previous_value;
        if (before == value) continue;  // carried over from the variants before
        text += (text.empty() ? "" : ", ") + t(TFW_TR_NOOP("Report", "`%1` = %2 (was %3)"),
                                               {key, value, before.empty() ? "-" : before});
    }
    return text.empty() ? t(TFW_TR_NOOP("Report", "the same settings as before")) : text;
}

}  // namespace

void add_comparison_section(ReportDocument& doc, const ReportText& t, const Runs& runs) {
    doc.heading(t(TFW_TR_NOOP("Report", "Comparison")));
    std::vector<nlohmann::json> configs;
    std::vector<std::string> names;
    std::vector<CompareItem> items;
    for (const ReportRun* run : runs) {
        configs.push_back(run->item.config);
        names.push_back(run->label());
        items.push_back(run->item);
    }
    doc.heading(t(TFW_TR_NOOP("Report", "Settings that differ")), 3);
    ReportTable settings = report_table(t, config_diff(configs, names));
    if (settings.rows.empty())
        doc.paragraph(t(TFW_TR_NOOP("Report", "The runs have the same configuration.")));
    else
        doc.table(settings);
    doc.heading(t(TFW_TR_NOOP("Report", "Numbers side by side")), 3);
    ReportTable numbers = report_table(t, metrics_table(items));
    numbers.note = t(TFW_TR_NOOP(
        "Report", "The best value of each row in bold. Evaluations are each run's newest."));
    doc.table(numbers);
}

void add_ablation_section(ReportDocument& doc, const ReportText& t, const SweepReport& sweep,
                          const SweepState& state) {
    doc.heading(t(TFW_TR_NOOP("Report", "Ablation")));
    const SweepQuantity& headline = sweep.quantities[sweep.headline];
    std::string seeds;
    for (const int seed : sweep.seeds) seeds += (seeds.empty() ? "" : ", ") + std::to_string(seed);
    doc.paragraph(t(
        TFW_TR_NOOP(
            "Report",
            "Sweep `%1` (%2 design): %3 variants × %4 seeds (%5), each run trained for %6."),
        {sweep.name, sweep_design_name(state.spec.design), std::to_string(sweep.variants.size()),
         std::to_string(sweep.seeds.size()), seeds, t.phrase(describe_budget(state.spec.budget))}));
    ReportTable table = report_table(t, sweep_table(sweep));
    table.note =
        t(TFW_TR_NOOP("Report",
                      "Mean ± sample standard deviation over the seeds. Δ: the variant's mean %1 "
                      "minus the baseline's; p: Welch's two-sided t-test over the seeds; ≈: within "
                      "seed noise (p ≥ 0.05), not a finding."),
          {headline.name});
    doc.table(table);
    std::vector<std::string> sentences;
    for (size_t v = 0; v < sweep.variants.size(); ++v) {
        const VariantResult& result = sweep.variants[v];
        const SeedStats& stats = result.quantities[sweep.headline];
        std::string sentence = "`" + result.label + "`: " + changes(t, state, v) + ". ";
        if (stats.n() == 0) {
            sentence += t(TFW_TR_NOOP("Report", "No finished run."));
        } else if (result.baseline) {
            sentence += t(TFW_TR_NOOP("Report", "%1 %2 ± %3 (n = %4)."),
                          {headline.name, number(stats.mean, headline.decimals),
                           number(stats.std, headline.decimals), std::to_string(stats.n())});
        } else {
            const std::string delta =
                (result.delta >= 0 ? "+" : "") + number(result.delta, headline.decimals);
            sentence +=
                t(TFW_TR_NOOP("Report", "%1 %2 ± %3 (n = %4), Δ %5 (%6%): %7."),
                  {headline.name, number(stats.mean, headline.decimals),
                   number(stats.std, headline.decimals), std::to_string(stats.n()), delta,
                   number(result.delta_percent, 1),
                   std::isnan(result.p_value) ? t(TFW_TR_NOOP("Report", "too few seeds for a test"))
                   : result.within_noise ? t(TFW_TR_NOOP("Report", "within seed noise (p = %1)"),
                                             {number(result.p_value, 3)})
                                         : t(TFW_TR_NOOP("Report", "a real difference (p = %1)"),
                                             {number(result.p_value, 3)})});
        }
        sentences.push_back(sentence);
    }
    doc.bullets(sentences);
}

}  // namespace tfw
