#include "core/sweep/sweep_report.h"

#include <cmath>
#include <limits>
#include <map>
#include <set>

#include "core/compare/compare_item.h"
#include "core/config/number_text.h"
#include "core/config/translatable.h"
#include "core/metrics/metric_registry.h"

namespace tfw {
namespace {

const double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kNoiseLevel = 0.05;

std::string signed_fixed(double value, int decimals) {
    if (std::isnan(value)) return "";
    return (value > 0 ? "+" : "") + fixed(value, decimals);
}

// What one finished run contributes, by quantity key.
std::map<std::string, double> run_values(const CompareItem& item) {
    std::map<std::string, double> values;
    values["valid_loss"] = item.valid_loss.best;
    values["perplexity"] = item.valid_perplexity.best;
    double word_perplexity = kNaN;
    for (const auto& v : item.history.validations)
        if (v.word_perplexity > 0 &&
            (std::isnan(word_perplexity) || v.word_perplexity < word_perplexity))
            word_perplexity = v.word_perplexity;
    values["word_perplexity"] = word_perplexity;
    if (item.latest_eval)
        for (const auto& [key, score] : item.latest_eval->metrics) values[key] = score.value;
    values["params"] = item.parameters > 0 ? double(item.parameters) : kNaN;
    values["minutes"] = item.elapsed_s / 60;
    values["best_step"] = item.valid_loss.count > 0 ? double(item.valid_loss.best_step) : kNaN;
    values["steps"] = double(item.steps);
    return values;
}

std::vector<SweepQuantity> quantities_for(const std::set<std::string>& present) {
    std::vector<SweepQuantity> quantities = {{"valid_loss", "valid loss", false, 3},
                                             {"perplexity", "perplexity", false, 2}};
    if (present.count("word_perplexity"))
        quantities.push_back({"word_perplexity", "ppl per word", false, 2});
    for (const MetricInfo& metric : metric_registry())
        if (present.count(metric.key))
            quantities.push_back({metric.key, metric.name, metric.higher_is_better, 2});
    quantities.push_back({"params", "parameters", false, 0});
    quantities.push_back({"minutes", "time (min)", false, 2});
    quantities.push_back({"steps", "steps", false, 0});
    quantities.push_back({"best_step", "best at step", false, 0});
    return quantities;
}

// A task's main metric (BLEU for translation, ROUGE-L for summarization), perplexity (per word
// where known) for a language model; validation loss when the sweep was not evaluated.
size_t headline_of(const std::vector<SweepQuantity>& quantities) {
    std::vector<std::string> keys;
    for (const MetricInfo& metric : metric_registry())
        for (const Task task : metric.default_for)
            if (main_metric(task) == &metric) keys.push_back(metric.key);
    keys.insert(keys.end(), {"word_perplexity", "perplexity"});
    for (const std::string& key : keys)
        for (size_t q = 0; q < quantities.size(); ++q)
            if (quantities[q].key == key) return q;
    return 0;
}

std::string seeds_text(const std::vector<int>& seeds) {
    std::string text;
    for (const int seed : seeds) text += (text.empty() ? "" : ", ") + std::to_string(seed);
    return text;
}

}  // namespace

SweepReport build_sweep_report(const std::string& sweep_dir) {
    const SweepState state = load_sweep(sweep_dir);
    SweepReport report;
    report.dir = state.dir;
    report.name = state.name;
    report.budget = describe_budget(state.spec.budget).text();
    report.seeds = sweep_seeds(state.spec);
    report.task = state.spec.base.value("task", "translation");

    // Per variant, per quantity key: the finished runs' values.
    std::vector<std::map<std::string, std::vector<double>>> values(state.variants.size());
    std::set<std::string> present;
    report.variants.resize(state.variants.size());
    for (size_t v = 0; v < state.variants.size(); ++v) {
        report.variants[v].label = state.variants[v].label;
        report.variants[v].baseline = state.variants[v].baseline;
        if (state.variants[v].baseline) report.baseline = v;
    }
    for (size_t r = 0; r < state.runs.size(); ++r) {
        const SweepRunEntry& run = state.runs[r];
        VariantResult& variant = report.variants[run.variant];
        ++variant.runs;
        if (run.state != SweepRunState::Done) continue;
        CompareItem item;
        try {
            item = load_compare_item(state.run_dir(r));
        } catch (const CompareError&) {
            continue;  // a run folder removed by hand counts as not finished
        }
        ++variant.finished;
        variant.run_dirs.push_back(state.run_dir(r));
        for (const auto& [key, value] : run_values(item)) {
            values[run.variant][key].push_back(value);
            if (!std::isnan(value)) present.insert(key);
        }
    }
    report.quantities = quantities_for(present);
    report.headline = headline_of(report.quantities);
    for (size_t v = 0; v < report.variants.size(); ++v)
        for (const auto& quantity : report.quantities)
            report.variants[v].quantities.push_back(seed_stats(values[v][quantity.key]));

    const SeedStats& base = report.variants[report.baseline].quantities[report.headline];
    for (VariantResult& variant : report.variants) {
        const SeedStats& mine = variant.quantities[report.headline];
        variant.delta = mine.mean - base.mean;
        variant.delta_percent = base.mean != 0 ? 100 * variant.delta / std::fabs(base.mean) : kNaN;
        variant.p_value = welch_p_value(mine, base);
        variant.within_noise =
            !variant.baseline && !std::isnan(variant.p_value) && variant.p_value >= kNoiseLevel;
    }
    report.noise_test =
        "\u2248: within seed noise of the baseline (Welch's t-test over seeds, p \u2265 0.05); "
        "p needs at least two finished seeds on both sides";
    return report;
}

ComparisonTable sweep_table(const SweepReport& report) {
    ComparisonTable table;
    table.corner = TFW_TR_NOOP("ComparisonTable", "variant");
    for (const auto& quantity : report.quantities) {
        table.columns.push_back(quantity.name);
        table.column_better.push_back(quantity.key == "params" || quantity.key == "steps" ||
                                              quantity.key == "best_step" ||
                                              quantity.key == "minutes"
                                          ? Better::None
                                      : quantity.higher_is_better ? Better::Higher
                                                                  : Better::Lower);
    }
    const SweepQuantity& headline = report.quantities[report.headline];
    table.columns.push_back("\u0394 " + headline.name);
    table.columns.push_back("\u0394 %");
    table.columns.push_back("p");
    table.columns.push_back("noise");
    for (const VariantResult& variant : report.variants) {
        ComparisonRow row;
        row.label =
            variant.label + (variant.baseline && variant.label != "baseline" ? " (baseline)" : "");
        for (size_t q = 0; q < report.quantities.size(); ++q) {
            const SeedStats& stats = variant.quantities[q];
            const int decimals = report.quantities[q].decimals;
            std::string cell = fixed(stats.mean, decimals);
            if (stats.n() > 1 && decimals > 0) cell += " \u00b1 " + fixed(stats.std, decimals);
            row.cells.push_back(cell);
            row.values.push_back(stats.mean);
        }
        const bool base = variant.baseline;
        row.cells.push_back(base ? "" : signed_fixed(variant.delta, headline.decimals));
        row.cells.push_back(base ? "" : signed_fixed(variant.delta_percent, 1));
        row.cells.push_back(base ? "" : fixed(variant.p_value, 3));
        row.cells.push_back(base ? "baseline" : variant.within_noise ? "\u2248" : "");
        for (int i = 0; i < 4; ++i) row.values.push_back(kNaN);
        table.rows.push_back(row);
    }
    return table;
}

std::string format_sweep_report(const SweepReport& report, TableFormat format) {
    if (format == TableFormat::Csv) {
        // Plain numbers, mean and std apart, for spreadsheets and plotting scripts.
        ComparisonTable table;
        table.corner = TFW_TR_NOOP("ComparisonTable", "variant");
        table.columns = {"baseline", "runs", "finished"};
        for (const auto& quantity : report.quantities) {
            table.columns.push_back(quantity.key + "_mean");
            table.columns.push_back(quantity.key + "_std");
        }
        for (const char* column : {"delta", "delta_percent", "p_value", "within_noise"})
            table.columns.push_back(column);
        for (const VariantResult& variant : report.variants) {
            ComparisonRow row;
            row.label = variant.label;
            row.cells = {variant.baseline ? "1" : "0", std::to_string(variant.runs),
                         std::to_string(variant.finished)};
            for (const SeedStats& stats : variant.quantities) {
                row.cells.push_back(fixed(stats.mean, 6));
                row.cells.push_back(stats.n() > 1 ? fixed(stats.std, 6) : "");
            }
            row.cells.push_back(fixed(variant.delta, 6));
            row.cells.push_back(fixed(variant.delta_percent, 4));
            row.cells.push_back(fixed(variant.p_value, 6));
            row.cells.push_back(variant.within_noise ? "1" : "0");
            table.rows.push_back(row);
        }
        return format_table(table, format);
    }
    const std::string table = format_table(sweep_table(report), format);
    const std::vector<std::string> notes = {
        "Sweep " + report.name + ": mean \u00b1 std over seeds " + seeds_text(report.seeds) +
            "; every run trained for " + report.budget + ".",
        "\u0394: difference of the mean " + report.quantities[report.headline].name +
            " from the baseline. " + report.noise_test + "."};
    std::string out;
    if (format == TableFormat::Latex) {
        out = "% needs \\usepackage{booktabs}\n" + table;
        for (const auto& note : notes) out += "% " + note + "\n";
        return out;
    }
    out = table + "\n";
    for (const auto& note : notes) out += note + "\n";
    return out;
}

std::vector<CurveBand> validation_curves(const SweepReport& report) {
    std::vector<CurveBand> bands;
    for (const VariantResult& variant : report.variants) {
        CurveBand band;
        band.label = variant.label;
        // step -> the seeds' losses; only steps every finished seed validated at are drawn.
        std::map<int64_t, std::vector<double>> losses;
        for (const std::string& dir : variant.run_dirs) {
            std::map<int64_t, double> run_losses;  // a step validated twice (resume): the last
            for (const auto& validation : read_history(dir).validations)
                run_losses[validation.step] = validation.loss;
            for (const auto& [step, loss] : run_losses) losses[step].push_back(loss);
        }
        for (const auto& [step, seed_losses] : losses) {
            if (seed_losses.size() != variant.run_dirs.size()) continue;
            const SeedStats stats = seed_stats(seed_losses);
            band.steps.push_back(step);
            band.mean.push_back(stats.mean);
            band.std.push_back(stats.std);
        }
        bands.push_back(band);
    }
    return bands;
}

}  // namespace tfw
