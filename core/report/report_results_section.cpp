// Results: the run's saved evaluations, each metric with its definition and signature, where
// the checkpoint came from; then a few of the best and worst sentences.
#include <algorithm>
#include <cmath>
#include <filesystem>

#include "core/compare/metrics_table.h"
#include "core/metrics/metric_registry.h"
#include "core/report/report_sections.h"

namespace tfw {
namespace {

std::string split_text(const ReportText& t, const std::string& split) {
    if (split == "test") return t(TFW_TR_NOOP("Report", "test set"));
    if (split == "valid") return t(TFW_TR_NOOP("Report", "validation set"));
    return t(TFW_TR_NOOP("Report", "custom set"));
}

// "best.tfw, the best validation loss (4.5352) at step 2,270" or "last.tfw (step 3,100)".
std::string checkpoint_origin(const ReportText& t, const ReportRun& run, const Evaluation& e) {
    const std::string file = std::filesystem::path(e.checkpoint).filename().string();
    if (file == "best.tfw") {
        const ValidationReport* best = nullptr;
        for (const ValidationReport& v : run.item.history.validations)
            if (v.is_best && v.step <= e.checkpoint_step) best = &v;
        if (best && !best->score_key.empty()) {
            const MetricInfo* info = find_metric(best->score_key);
            return t(TFW_TR_NOOP("Report", "`best.tfw`: the best validation %1 (%2) at step %3"),
                     {info ? info->name : best->score_key, number(best->score, 2),
                      grouped_integer(best->step)});
        }
        if (best)
            return t(TFW_TR_NOOP("Report", "`best.tfw`: the best validation loss (%1) at step %2"),
                     {number(best->loss, 4), grouped_integer(best->step)});
    }
    return t(TFW_TR_NOOP("Report", "`%1` at step %2"), {file, grouped_integer(e.checkpoint_step)});
}

std::string search_text(const ReportText& t, const Evaluation& e) {
    if (e.decode.sample)
        return t(TFW_TR_NOOP("Report", "sampling (temperature %1, top-k %2, top-p %3)"),
                 {number(e.decode.temperature, 2), std::to_string(e.decode.top_k),
                  number(e.decode.top_p, 2)});
    if (e.decode.beam <= 1) return t(TFW_TR_NOOP("Report", "greedy search"));
    return t(TFW_TR_NOOP("Report", "beam search, beam %1, length penalty %2"),
             {std::to_string(e.decode.beam), number(e.decode.lenpen, 2)});
}

std::string decoding_text(const ReportText& t, const Evaluation& e) {
    if (e.task == Task::LanguageModel)
        return t(TFW_TR_NOOP("Report", "teacher forcing (no decoding)"));
    // bf16 and int8 change some outputs: a reader comparing BLEU must know.
    if (e.decode.precision == DecodePrecision::Bf16)
        return t(TFW_TR_NOOP("Report", "%1, in bf16"), {search_text(t, e)});
    if (e.decode.precision == DecodePrecision::Int8)
        return t(TFW_TR_NOOP("Report", "%1, with int8 weights"), {search_text(t, e)});
    return search_text(t, e);
}

// What a metric measures, in one sentence.
std::string definition(const ReportText& t, const std::string& key, const Evaluation& e) {
    if (key == "bleu")
        return t(
            TFW_TR_NOOP("Report",
                        "corpus BLEU as sacreBLEU computes it: geometric mean of 1- to 4-gram "
                        "precisions over the whole test set times the brevity penalty; detokenized "
                        "outputs against raw references"));
    if (key == "chrf")
        return t(TFW_TR_NOOP("Report",
                             "character n-gram F-score (n up to 6, beta 2), as sacreBLEU's chrF"));
    if (key.rfind("rouge", 0) == 0)
        return e.scoring.rouge_stemmer ? t(TFW_TR_NOOP("Report",
                                                       "F1 as Google's rouge-score computes it, "
                                                       "mean over documents, Porter stemmer on"))
                                       : t(TFW_TR_NOOP("Report",
                                                       "F1 as Google's rouge-score computes it, "
                                                       "mean over documents, no stemmer"));
    return {};
}

ReportTable metrics_table(const ReportText& t, const Evaluation& e) {
    ReportTable table;
    table.header = {t(TFW_TR_NOOP("Report", "metric")), t(TFW_TR_NOOP("Report", "value")),
                    t(TFW_TR_NOOP("Report", "definition and signature"))};
    for (const MetricInfo& info : metric_registry()) {
        const MetricScore* score = e.metric(info.key);
        if (!score) continue;
        std::string how = definition(t, info.key, e);
        if (!score->signature.empty())
            how += (how.empty() ? "" : "; ") + ("`" + score->signature + "`");
        table.rows.push_back({info.name, number(score->value, 2), how});
    }
    table.rows.push_back(
        {t(TFW_TR_NOOP("Report", "loss")), number(e.loss.loss(), 4),
         t(TFW_TR_NOOP("Report",
                       "mean negative log-likelihood of the references per target token "
                       "(nats), teacher forcing, %1 tokens"),
           {grouped_integer(e.loss.tokens)})});
    table.rows.push_back({t(TFW_TR_NOOP("Report", "perplexity")), number(e.loss.perplexity(), 2),
                          t(TFW_TR_NOOP("Report", "exp(loss), per token"))});
    if (e.loss.word_perplexity() > 0)
        table.rows.push_back(
            {t(TFW_TR_NOOP("Report", "word-level perplexity")), number(e.loss.word_perplexity(), 2),
             t(TFW_TR_NOOP("Report",
                           "exp(loss × %1 tokens per word): comparable with published "
                           "word-level results"),
               {number(e.loss.tokens_per_word, 4)})});
    return table;
}

}  // namespace

void add_results_section(ReportDocument& doc, const ReportText& t, const ReportRun& run) {
    doc.heading(t(TFW_TR_NOOP("Report", "Results")));
    const auto latest = run.latest_evaluations();
    bool has_test = false;
    for (const Evaluation* e : latest) has_test = has_test || e->split == "test";
    if (!has_test)
        doc.paragraph(
            t(TFW_TR_NOOP("Report", "No saved evaluation on the test set. To make one: `%1`."),
              {"tfw eval --checkpoint " +
               (run.checkpoint.empty() ? run.dir + "/checkpoints/best.tfw" : run.checkpoint) +
               " --split test --save"}));
    for (const Evaluation* e : latest) {
        doc.heading(t(TFW_TR_NOOP("Report", "Evaluation on the %1"), {split_text(t, e->split)}), 3);
        doc.bullets({t(TFW_TR_NOOP("Report", "Checkpoint: %1."), {checkpoint_origin(t, run, *e)}),
                     t(TFW_TR_NOOP("Report", "Decoding: %1."), {decoding_text(t, *e)}),
                     t(TFW_TR_NOOP("Report", "Evaluated %1 (%2 lines, %3)."),
                       {e->created_at, grouped_integer(static_cast<int64_t>(e->sentences.size())),
                        duration_text(e->seconds)})});
        doc.table(metrics_table(t, *e));
    }
}

void add_samples_section(ReportDocument& doc, const ReportText& t, const ReportRun& run) {
    const auto latest = run.latest_evaluations();
    const Evaluation* e = nullptr;
    for (const Evaluation* candidate : latest)
        if (candidate->task != Task::LanguageModel && !candidate->sentences.empty()) {
            e = candidate;
            break;
        }
    if (!e) return;
    std::vector<const SentenceResult*> sorted;
    for (const SentenceResult& s : e->sentences)
        if (!s.reference.empty()) sorted.push_back(&s);
    std::stable_sort(sorted.begin(), sorted.end(),
                     [&](const SentenceResult* a, const SentenceResult* b) {
                         return e->higher_is_better ? a->score > b->score : a->score < b->score;
                     });
    const size_t shown = std::min<size_t>(3, sorted.size() / 2);
    if (shown == 0) return;
    doc.heading(t(TFW_TR_NOOP("Report", "Sample outputs")));
    doc.paragraph(
        t(TFW_TR_NOOP("Report",
                      "The %1 best and %1 worst outputs of the %2 by %3 (line numbers from 1)."),
          {std::to_string(shown), split_text(t, e->split), e->sentence_metric}));
    ReportTable table;
    table.header = {t(TFW_TR_NOOP("Report", "line")), e->sentence_metric,
                    t(TFW_TR_NOOP("Report", "source")), t(TFW_TR_NOOP("Report", "reference")),
                    t(TFW_TR_NOOP("Report", "output"))};
    auto add = [&](const SentenceResult* s) {
        table.rows.push_back({std::to_string(s->index + 1), number(s->score, 1), s->source,
                              s->reference, s->hypothesis});
    };
    for (size_t i = 0; i < shown; ++i) add(sorted[i]);
    for (size_t i = sorted.size() - shown; i < sorted.size(); ++i) add(sorted[i]);
    table.note = t(TFW_TR_NOOP("Report", "First the best, then the worst."));
    doc.table(table);
}

}  // namespace tfw
