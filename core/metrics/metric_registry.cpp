#include "core/metrics/metric_registry.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "core/config/number_text.h"
#include "core/metrics/bleu.h"
#include "core/metrics/chrf.h"
#include "core/metrics/rouge.h"

namespace tfw {
namespace {

BleuOptions bleu_options(const ScoringSettings& settings) {
    BleuOptions options;
    options.lowercase = settings.lowercase;
    options.tokenizer = settings.bleu_tokenizer;
    return options;
}

MetricScore bleu(const std::vector<std::string>& hypotheses,
                 const std::vector<std::string>& references, const ScoringSettings& settings) {
    const BleuOptions options = bleu_options(settings);
    const BleuScore score = corpus_bleu(hypotheses, {references}, options);
    const std::string signature = bleu_signature(options, 1);
    return {score.score,
            signature,
            {{"score", score.score}, {"signature", signature}, {"summary", score.format()}}};
}

MetricScore chrf(const std::vector<std::string>& hypotheses,
                 const std::vector<std::string>& references, const ScoringSettings& settings) {
    ChrfOptions options;
    options.lowercase = settings.lowercase;
    const ChrfScore score = corpus_chrf(hypotheses, {references}, options);
    const std::string signature = chrf_signature(options, 1);
    return {score.score, signature, {{"score", score.score}, {"signature", signature}}};
}

RougeOptions rouge_options(const ScoringSettings& settings) {
    RougeOptions options;
    options.use_stemmer = settings.rouge_stemmer;
    return options;
}

ScorerReport score_bleu(const std::vector<std::string>& hypotheses,
                        const std::vector<std::vector<std::string>>& references,
                        const ScoringSettings& settings) {
    const BleuOptions options = bleu_options(settings);
    const BleuScore score = corpus_bleu(hypotheses, references, options);
    const std::string signature = bleu_signature(options, static_cast<int>(references.size()));
    return {score.format() + "\nsignature: " + signature + "\n",
            {{"name", "BLEU"},
             {"score", score.score},
             {"signature", signature},
             {"precisions", score.precisions},
             {"counts", score.counts},
             {"totals", score.totals},
             {"bp", score.bp},
             {"sys_len", score.sys_len},
             {"ref_len", score.ref_len}}};
}

// chrF, or chrF++ with word n-grams.
Scorer chrf_scorer(const std::string& name, const ChrfOptions& base) {
    Scorer scorer;
    scorer.name = name;
    scorer.options = {ScoringOption::Lowercase};
    scorer.score = [base](const std::vector<std::string>& hypotheses,
                          const std::vector<std::vector<std::string>>& references,
                          const ScoringSettings& settings) -> ScorerReport {
        ChrfOptions options = base;
        options.lowercase = settings.lowercase;
        const ChrfScore score = corpus_chrf(hypotheses, references, options);
        const std::string signature = chrf_signature(options, static_cast<int>(references.size()));
        return {score.format() + "\nsignature: " + signature + "\n",
                {{"name", score.name},
                 {"score", score.score},
                 {"signature", signature},
                 {"stats", score.stats}}};
    };
    return scorer;
}

ScorerReport score_rouge(const std::vector<std::string>& hypotheses,
                         const std::vector<std::vector<std::string>>& references,
                         const ScoringSettings& settings) {
    RougeOptions options;
    options.use_stemmer = settings.rouge_stemmer;
    const RougeScores mean = rouge_mean(rouge_score_lines(references.at(0), hypotheses, options));
    const std::pair<const char*, const RougeValue*> values[] = {{"rouge1", &mean.rouge1},
                                                                {"rouge2", &mean.rouge2},
                                                                {"rougeL", &mean.rougeL},
                                                                {"rougeLsum", &mean.rougeLsum}};
    ScorerReport report;
    report.json = {{"stemmer", options.use_stemmer}, {"lines", hypotheses.size()}};
    for (const auto& [name, value] : values) {
        report.json[name] = {{"precision", value->precision},
                             {"recall", value->recall},
                             {"fmeasure", value->fmeasure}};
        const std::string label = name;
        report.text += label + std::string(11 - label.size(), ' ') +
                       "P = " + fixed(100 * value->precision, 2) +
                       "  R = " + fixed(100 * value->recall, 2) +
                       "  F = " + fixed(100 * value->fmeasure, 2) + "\n";
    }
    report.text += "mean over " + std::to_string(hypotheses.size()) +
                   " lines, rouge-score 0.1.2, stemmer: " + (options.use_stemmer ? "yes" : "no") +
                   "\n";
    return report;
}

// A metric without a scorer of its own: its corpus score against one reference.
Scorer scorer_of(const MetricInfo& metric) {
    Scorer scorer;
    scorer.name = metric.key;
    scorer.options = metric.options;
    scorer.single_reference = true;
    scorer.score = [&metric](const std::vector<std::string>& hypotheses,
                             const std::vector<std::vector<std::string>>& references,
                             const ScoringSettings& settings) -> ScorerReport {
        const MetricScore score = metric.corpus(hypotheses, references.at(0), settings);
        std::string text = metric.name + " = " + fixed(score.value, 2) + "\n";
        if (!score.signature.empty()) text += "signature: " + score.signature + "\n";
        nlohmann::ordered_json json = {{"name", metric.name}, {"score", score.value}};
        json.update(score.json);
        return {text, json};
    };
    return scorer;
}

std::vector<Scorer> make_scorers() {
    Scorer bleu_scorer;
    bleu_scorer.name = "bleu";
    bleu_scorer.options = {ScoringOption::Tokenize, ScoringOption::Lowercase};
    bleu_scorer.score = score_bleu;

    Scorer rouge_scorer;
    rouge_scorer.name = "rouge";
    rouge_scorer.options = {ScoringOption::Stem};
    rouge_scorer.single_reference = true;
    rouge_scorer.always_lowercases = true;
    rouge_scorer.score = score_rouge;

    std::vector<Scorer> all = {bleu_scorer, chrf_scorer("chrf", ChrfOptions{}),
                               chrf_scorer("chrf++", chrf_plus_plus_options()), rouge_scorer};
    for (const MetricInfo& metric : metric_registry())
        if (metric.scorer.empty()) all.push_back(scorer_of(metric));
    return all;
}

// One of the four ROUGE figures: the mean over the lines, kept as rouge-score's fractions and
// shown as the F-measure in points.
MetricInfo rouge(const std::string& key, const std::string& name, RougeValue RougeScores::*figure,
                 bool detail) {
    MetricInfo info;
    info.key = key;
    info.name = name;
    info.default_for = {Task::Summarization};
    info.options = {ScoringOption::Stem};
    info.scorer = "rouge";
    info.corpus = [figure](const std::vector<std::string>& hypotheses,
                           const std::vector<std::string>& references,
                           const ScoringSettings& settings) -> MetricScore {
        const RougeValue mean =
            rouge_mean(rouge_score_lines(references, hypotheses, rouge_options(settings))).*figure;
        return {100 * mean.fmeasure,
                "",
                {{"precision", mean.precision},
                 {"recall", mean.recall},
                 {"fmeasure", mean.fmeasure},
                 {"use_stemmer", settings.rouge_stemmer}}};
    };
    info.sentence_detail = detail;
    info.value_field = "fmeasure";
    info.value_scale = 100;
    return info;
}

std::vector<MetricInfo> make_registry() {
    MetricInfo bleu_info;
    bleu_info.key = "bleu";
    bleu_info.name = "BLEU";
    bleu_info.default_for = {Task::Translation};
    bleu_info.options = {ScoringOption::Tokenize, ScoringOption::Lowercase};
    bleu_info.valid_metric = ValidMetric::Bleu;
    bleu_info.scorer = "bleu";
    bleu_info.corpus = bleu;
    bleu_info.sentence = [](const std::string& hypothesis, const std::string& reference,
                            const ScoringSettings& settings) {
        BleuOptions options = sentence_bleu_options();
        options.lowercase = settings.lowercase;
        options.tokenizer = settings.bleu_tokenizer;
        return sentence_bleu(hypothesis, {reference}, options).score;
    };
    bleu_info.sentence_name = "sentence BLEU";

    MetricInfo chrf_info;
    chrf_info.key = "chrf";
    chrf_info.name = "chrF";
    chrf_info.default_for = {Task::Translation};
    chrf_info.options = {ScoringOption::Lowercase};
    chrf_info.scorer = "chrf";
    chrf_info.corpus = chrf;

    MetricInfo rouge_l = rouge("rougeL", "ROUGE-L", &RougeScores::rougeL, true);
    rouge_l.sentence = [](const std::string& hypothesis, const std::string& reference,
                          const ScoringSettings& settings) {
        return 100 * rouge_score_lines({reference}, {hypothesis}, rouge_options(settings))
                         .front()
                         .rougeL.fmeasure;
    };
    rouge_l.sentence_name = "ROUGE-L F1";
    rouge_l.valid_metric = ValidMetric::RougeL;

    return {bleu_info,
            chrf_info,
            rouge("rouge1", "ROUGE-1", &RougeScores::rouge1, true),
            rouge("rouge2", "ROUGE-2", &RougeScores::rouge2, true),
            rouge_l,
            rouge("rougeLsum", "ROUGE-Lsum", &RougeScores::rougeLsum, false)};
}

}  // namespace

ScoringSettings scoring_settings(const ExperimentConfig& config) {
    ScoringSettings settings;
    settings.lowercase = config.tokenizer.lowercase;
    return settings;
}

const std::vector<MetricInfo>& metric_registry() {
    static const std::vector<MetricInfo> registry = make_registry();
    return registry;
}

const MetricInfo* find_metric(const std::string& key) {
    for (const MetricInfo& metric : metric_registry())
        if (metric.key == key) return &metric;
    return nullptr;
}

std::vector<const MetricInfo*> metrics_for(Task task) {
    std::vector<const MetricInfo*> metrics;
    for (const MetricInfo& metric : metric_registry())
        if (std::find(metric.default_for.begin(), metric.default_for.end(), task) !=
            metric.default_for.end())
            metrics.push_back(&metric);
    return metrics;
}

const MetricInfo* main_metric(Task task) {
    for (const MetricInfo* metric : metrics_for(task))
        if (metric->sentence && !metric->sentence_name.empty()) return metric;
    return nullptr;
}

const MetricInfo* validation_metric(ValidMetric choice) {
    if (choice == ValidMetric::Loss) return nullptr;
    for (const MetricInfo& metric : metric_registry())
        if (metric.valid_metric == choice) return &metric;
    return nullptr;
}

namespace {

std::string scorer_name(const MetricInfo& metric) {
    return metric.scorer.empty() ? metric.key : metric.scorer;
}

// The tasks the registry's metrics serve, in the order they first appear.
std::vector<Task> scored_tasks() {
    std::vector<Task> tasks;
    for (const MetricInfo& metric : metric_registry())
        for (const Task task : metric.default_for)
            if (std::find(tasks.begin(), tasks.end(), task) == tasks.end()) tasks.push_back(task);
    return tasks;
}

}  // namespace

std::vector<std::string> metric_set_names() {
    std::vector<std::string> names;
    for (const Task task : scored_tasks())
        if (const MetricInfo* metric = main_metric(task)) names.push_back(scorer_name(*metric));
    return names;
}

Task metric_set_task(const std::string& name) {
    for (const Task task : scored_tasks())
        if (const MetricInfo* metric = main_metric(task))
            if (scorer_name(*metric) == name) return task;
    throw std::invalid_argument("no metrics named '" + name + "'");
}

bool Scorer::takes(ScoringOption option) const {
    return std::find(options.begin(), options.end(), option) != options.end();
}

const std::vector<Scorer>& scorers() {
    static const std::vector<Scorer> all = make_scorers();
    return all;
}

const Scorer* find_scorer(const std::string& name) {
    for (const Scorer& scorer : scorers())
        if (scorer.name == name) return &scorer;
    return nullptr;
}

MetricScore read_metric_score(const MetricInfo& metric, const nlohmann::json& object) {
    MetricScore score;
    const auto value = object.find(metric.value_field);
    score.value = value != object.end() && value->is_number()
                      ? metric.value_scale * value->get<double>()
                      : std::nan("");
    const auto signature = object.find("signature");
    if (signature != object.end() && signature->is_string())
        score.signature = signature->get<std::string>();
    score.json = object;
    return score;
}

}  // namespace tfw
