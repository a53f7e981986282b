#include "core/compare/metrics_table.h"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <set>

#include "core/config/number_text.h"
#include "core/config/translatable.h"
#include "core/metrics/metric_registry.h"

namespace tfw {
namespace {

ComparisonRow numeric_row(const Phrase& title, const std::vector<CompareItem>& items, Better better,
                          const std::function<double(const CompareItem&)>& value,
                          const std::function<std::string(double)>& text) {
    ComparisonRow row;
    row.label = title.text();
    row.title = title;
    row.better = better;
    for (const auto& item : items) {
        const double v = value(item);
        row.values.push_back(v);
        row.cells.push_back(std::isnan(v) ? "" : text(v));
    }
    return row;
}

ComparisonRow text_row(const Phrase& title, const std::vector<CompareItem>& items,
                       const std::function<std::string(const CompareItem&)>& text) {
    ComparisonRow row;
    row.label = title.text();
    row.title = title;
    for (const auto& item : items) row.cells.push_back(text(item));
    return row;
}

// Rows for one validation series: best (and its step), last, min, max.
void add_series(ComparisonTable& table, const std::vector<CompareItem>& items, const Phrase& name,
                SeriesSummary CompareItem::*series, Better better,
                const std::function<std::string(double)>& text) {
    auto get = [series](double SeriesSummary::*field) {
        return [series, field](const CompareItem& item) { return (item.*series).*field; };
    };
    auto named = [&name](const char* suffix) {
        return Phrase(name).then(comparison_row_name(suffix));
    };
    table.rows.push_back(numeric_row(named(TFW_TR_NOOP("ComparisonTable", " (best)")), items,
                                     better, get(&SeriesSummary::best), text));
    table.rows.push_back(text_row(named(TFW_TR_NOOP("ComparisonTable", " best at step")), items,
                                  [series](const CompareItem& i) {
                                      return (i.*series).count
                                                 ? std::to_string((i.*series).best_step)
                                                 : "";
                                  }));
    table.rows.push_back(numeric_row(named(TFW_TR_NOOP("ComparisonTable", " (last)")), items,
                                     better, get(&SeriesSummary::last), text));
    table.rows.push_back(numeric_row(named(TFW_TR_NOOP("ComparisonTable", " (min)")), items,
                                     Better::None, get(&SeriesSummary::min), text));
    table.rows.push_back(numeric_row(named(TFW_TR_NOOP("ComparisonTable", " (max)")), items,
                                     Better::None, get(&SeriesSummary::max), text));
}

// The item's latest evaluation's value of a metric; NaN when it has none.
double eval_value(const CompareItem& item, const MetricInfo& metric) {
    const MetricScore* score = item.latest_eval ? item.latest_eval->metric(metric.key) : nullptr;
    return score ? score->value : std::nan("");
}

bool any_eval(const std::vector<CompareItem>& items, const MetricInfo& metric) {
    for (const auto& item : items)
        if (!std::isnan(eval_value(item, metric))) return true;
    return false;
}

std::string join(const std::set<std::string>& values) {
    std::string text;
    for (const auto& v : values) text += (text.empty() ? "" : ", ") + v;
    return text;
}

std::string config_text(const CompareItem& item, const char* section, const char* key) {
    const auto s = item.config.find(section);
    if (s == item.config.end() || !s->is_object() || !s->contains(key)) return "?";
    const auto& v = (*s)[key];
    return v.is_string() ? v.get<std::string>() : v.dump();
}

}  // namespace

std::string duration_text(double seconds) {
    const long long s = std::llround(seconds);
    char text[64];
    if (s >= 3600)
        std::snprintf(text, sizeof text, "%lld h %02lld min", s / 3600, (s % 3600) / 60);
    else if (s >= 60)
        std::snprintf(text, sizeof text, "%lld min %02lld s", s / 60, s % 60);
    else
        std::snprintf(text, sizeof text, "%lld s", s);
    return text;
}

std::string grouped_integer(int64_t value) {
    std::string digits = std::to_string(value < 0 ? -value : value), text;
    for (size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) text += ',';
        text += digits[i];
    }
    return value < 0 ? "-" + text : text;
}

ComparisonTable metrics_table(const std::vector<CompareItem>& items) {
    ComparisonTable table;
    table.corner = TFW_TR_NOOP("ComparisonTable", "metric");
    for (const auto& item : items) table.columns.push_back(item.label);
    auto integer = [](double v) { return grouped_integer(std::llround(v)); };
    auto decimals = [](int n) { return [n](double v) { return fixed(v, n); }; };

    table.rows.push_back(text_row(comparison_row_name(TFW_TR_NOOP("ComparisonTable", "task")),
                                  items, [](const CompareItem& i) { return i.task; }));
    table.rows.back().cells_are = ComparisonRow::Cells::Choice;
    table.rows.push_back(text_row(comparison_row_name(TFW_TR_NOOP("ComparisonTable", "state")),
                                  items, [](const CompareItem& i) { return i.state; }));
    table.rows.back().cells_are = ComparisonRow::Cells::RunState;
    table.rows.push_back(numeric_row(
        comparison_row_name(TFW_TR_NOOP("ComparisonTable", "parameters")), items, Better::None,
        [](const CompareItem& i) { return i.parameters > 0 ? double(i.parameters) : std::nan(""); },
        integer));
    table.rows.push_back(numeric_row(
        comparison_row_name(TFW_TR_NOOP("ComparisonTable", "steps")), items, Better::None,
        [](const CompareItem& i) { return double(i.steps); }, integer));
    table.rows.push_back(numeric_row(
        comparison_row_name(TFW_TR_NOOP("ComparisonTable", "target tokens seen")), items,
        Better::None,
        [](const CompareItem& i) {
            return i.tokens_seen > 0 ? double(i.tokens_seen) : std::nan("");
        },
        integer));
    table.rows.push_back(numeric_row(
        comparison_row_name(TFW_TR_NOOP("ComparisonTable", "training time")), items, Better::None,
        [](const CompareItem& i) { return i.elapsed_s > 0 ? i.elapsed_s : std::nan(""); },
        duration_text));
    add_series(table, items, comparison_row_name(TFW_TR_NOOP("ComparisonTable", "valid loss")),
               &CompareItem::valid_loss, Better::Lower, decimals(4));
    add_series(table, items,
               comparison_row_name(TFW_TR_NOOP("ComparisonTable", "valid perplexity")),
               &CompareItem::valid_perplexity, Better::Lower, decimals(2));
    add_series(table, items, comparison_row_name(TFW_TR_NOOP("ComparisonTable", "valid accuracy")),
               &CompareItem::valid_accuracy, Better::Higher,
               [](double v) { return fixed(100 * v, 2) + "%"; });

    bool any = false;
    for (const MetricInfo& metric : metric_registry()) {
        if (!any_eval(items, metric)) continue;
        any = true;
        table.rows.push_back(numeric_row(
            verbatim(metric.name), items, metric.higher_is_better ? Better::Higher : Better::Lower,
            [&metric](const CompareItem& i) { return eval_value(i, metric); }, decimals(2)));
    }
    if (any)
        table.rows.push_back(
            text_row(comparison_row_name(TFW_TR_NOOP("ComparisonTable", "evaluated")), items,
                     [](const CompareItem& i) {
                         if (!i.latest_eval) return std::string();
                         const Evaluation& e = *i.latest_eval;
                         return std::filesystem::path(e.checkpoint).filename().string() +
                                " (step " + std::to_string(e.checkpoint_step) + "), " + e.split;
                     }));
    return table;
}

std::vector<std::string> comparison_notes(const std::vector<CompareItem>& items) {
    std::set<std::string> tasks, tokenizers, vocabularies;
    for (const auto& item : items) {
        tasks.insert(item.task);
        tokenizers.insert(config_text(item, "tokenizer", "type") + " " +
                          config_text(item, "tokenizer", "model_type"));
        if (item.tgt_vocab > 0) vocabularies.insert(std::to_string(item.tgt_vocab));
    }
    std::vector<std::string> notes;
    if (tasks.size() > 1)
        notes.push_back("Different tasks (" + join(tasks) +
                        "): their losses and scores measure different things; compare curves "
                        "for their shape only.");
    if (tokenizers.size() > 1 || vocabularies.size() > 1)
        notes.push_back("Different tokenizers or vocabularies (" +
                        (vocabularies.size() > 1
                             ? "target vocabularies of " + join(vocabularies) + " tokens"
                             : join(tokenizers)) +
                        "): loss and perplexity are per token, so they are not directly "
                        "comparable; evaluation scores (BLEU, chrF, ROUGE) are.");
    return notes;
}

}  // namespace tfw
