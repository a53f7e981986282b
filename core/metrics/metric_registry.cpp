#include "core/metrics/metric_registry.h"

#include <algorithm>
#include <cmath>

#include "core/metrics/bleu.h"
#include "core/metrics/chrf.h"
#include "core/metrics/rouge.h"

namespace tfw {
namespace {

MetricScore bleu(const std::vector<std::string>& hypotheses,
                 const std::vector<std::string>& references, const ScoringSettings& settings) {
    BleuOptions options;
    options.lowercase = settings.lowercase;
    options.tokenizer = settings.bleu_tokenizer;
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

// One of the four ROUGE figures: the mean over the lines, kept as rouge-score's fractions and
// shown as the F-measure in points.
MetricInfo rouge(const std::string& key, const std::string& name, RougeValue RougeScores::*figure) {
    MetricInfo info;
    info.key = key;
    info.name = name;
    info.default_for = {Task::Summarization};
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
    info.value_field = "fmeasure";
    info.value_scale = 100;
    return info;
}

std::vector<MetricInfo> make_registry() {
    MetricInfo bleu_info;
    bleu_info.key = "bleu";
    bleu_info.name = "BLEU";
    bleu_info.default_for = {Task::Translation};
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
    chrf_info.corpus = chrf;

    MetricInfo rouge_l = rouge("rougeL", "ROUGE-L", &RougeScores::rougeL);
    rouge_l.sentence = [](const std::string& hypothesis, const std::string& reference,
                          const ScoringSettings& settings) {
        return 100 * rouge_score_lines({reference}, {hypothesis}, rouge_options(settings))
                         .front()
                         .rougeL.fmeasure;
    };
    rouge_l.sentence_name = "ROUGE-L F1";

    return {bleu_info,
            chrf_info,
            rouge("rouge1", "ROUGE-1", &RougeScores::rouge1),
            rouge("rouge2", "ROUGE-2", &RougeScores::rouge2),
            rouge_l,
            rouge("rougeLsum", "ROUGE-Lsum", &RougeScores::rougeLsum)};
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
