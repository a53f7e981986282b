#pragma once
// Every corpus metric an evaluation can record, in one table: the name shown, the key of its
// object in a saved evaluation, which way is better, the tasks that get it by default, the
// scoring options it reads, how to compute it over a corpus and, where a per-sentence score
// means something, for one sentence. Beside it the scorers of `tfw score` (a metric without a
// scorer of its own is scored under its key). The evaluation, its saved files, `tfw eval`,
// `tfw score`, the validation metric, the Evaluate and Inference areas, the comparison and the
// sweep report all go through this table, so a new metric is one entry in metric_registry.cpp.

#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/config/experiment_config.h"
#include "core/metrics/bleu_tokenizer.h"

namespace tfw {

struct MetricScore {
    double value = 0;             // as shown: 0 to 100 for every score here
    std::string signature;        // how to reproduce it (sacreBLEU's); "" when the metric has none
    nlohmann::ordered_json json;  // the object kept under the metric's key in a saved evaluation
};

// How outputs are compared with references. Fixed by the experiment, recorded with every
// saved score, and passed to every corpus and sentence score below.
struct ScoringSettings {
    // BLEU and chrF compare lowercased text (sacreBLEU -lc, "case:lc" in the signature): a
    // model trained on lowercased text cannot match cased references. ROUGE always lowercases.
    bool lowercase = false;
    bool rouge_stemmer = false;  // ROUGE Porter-stems tokens (rouge-score's use_stemmer)
    // BLEU's word tokenizer: zh for Chinese references (bleu_tokenizer_for), else 13a.
    BleuTokenizer bleu_tokenizer = BleuTokenizer::k13a;
};

// The settings of an experiment: lowercase when its tokenizer lowercases.
ScoringSettings scoring_settings(const ExperimentConfig& config);

// The options of ScoringSettings a metric reads (`tfw score --tokenize`, `--lowercase`, `--stem`).
enum class ScoringOption { Tokenize, Lowercase, Stem };

struct MetricInfo {
    std::string key;                     // its object's key in a saved evaluation ("bleu")
    std::string name;                    // shown ("BLEU")
    bool higher_is_better = true;        // which way is better
    std::vector<Task> default_for;       // the tasks whose evaluation computes it
    std::vector<ScoringOption> options;  // the settings it reads
    // The train.valid_metric choice that picks best.tfw by it; Loss: it picks none.
    ValidMetric valid_metric = ValidMetric::Loss;
    std::string scorer;  // the `tfw score` scorer that prints it; "": scored under its key
    // hypotheses[i] scored against references[i] (one reference per line).
    std::function<MetricScore(const std::vector<std::string>& hypotheses,
                              const std::vector<std::string>& references,
                              const ScoringSettings& settings)>
        corpus;
    // One hypothesis against its reference, on the scale of `value`; empty when the metric
    // gives no per-sentence score worth sorting by.
    std::function<double(const std::string& hypothesis, const std::string& reference,
                         const ScoringSettings& settings)>
        sentence;
    std::string sentence_name;  // the per-sentence score's name ("sentence BLEU")
    // Its score of the one output shown in the Inference area's tooltip ("ROUGE-1 41.2 ·
    // ROUGE-2 20.3 · ROUGE-L 38.0").
    bool sentence_detail = false;
    // Reading a saved object back: value = value_scale * object[value_field].
    std::string value_field = "score";
    double value_scale = 1;
};

// Every metric, in the order they are shown.
const std::vector<MetricInfo>& metric_registry();

// The registry's entry with this key ("bleu", "rougeL"); nullptr when there is none.
const MetricInfo* find_metric(const std::string& key);

// The metrics an evaluation of this task computes, in registry order.
std::vector<const MetricInfo*> metrics_for(Task task);

// The value and signature of a saved object; NaN value when it has no number where expected.
MetricScore read_metric_score(const MetricInfo& metric, const nlohmann::json& object);

// A task's main metric: its first with a per-sentence score (BLEU, ROUGE-L); it names the
// evaluation's per-sentence scores, heads the sweep report and scores the Inference area's
// output. nullptr for a language model.
const MetricInfo* main_metric(Task task);

// The entry that train.valid_metric picks best.tfw by; nullptr for loss.
const MetricInfo* validation_metric(ValidMetric metric);

// `tfw eval --metric NAME`: the metrics of a task named by its main metric's scorer ("bleu":
// translation's, "rouge": summarization's), in registry order.
std::vector<std::string> metric_set_names();
Task metric_set_task(const std::string& name);  // throws std::invalid_argument

// What `tfw score` prints: text lines, or one JSON object.
struct ScorerReport {
    std::string text;
    nlohmann::ordered_json json;
};

// A `tfw score --metric NAME` scorer: references[k][i] is the k-th reference of line i.
struct Scorer {
    std::string name;                    // "bleu", "chrf++", "rouge"
    std::vector<ScoringOption> options;  // the options it takes
    bool single_reference = false;       // takes exactly one --ref
    bool always_lowercases = false;      // says so when --lowercase is given
    std::function<ScorerReport(const std::vector<std::string>& hypotheses,
                               const std::vector<std::vector<std::string>>& references,
                               const ScoringSettings& settings)>
        score;

    bool takes(ScoringOption option) const;
};

// Every scorer of `tfw score`: the registry's own, then each metric without one, under its key.
const std::vector<Scorer>& scorers();
const Scorer* find_scorer(const std::string& name);

}  // namespace tfw
