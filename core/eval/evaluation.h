#pragma once
// Evaluating a checkpoint on a test set: decode every input, score the outputs against the
// references (BLEU + chrF for translation, ROUGE for summarization) and the references under
// the model (loss, perplexity); per-sentence scores for finding the worst cases. A language
// model gets its perplexity, per line as well.
//
// Results are kept in the run folder as RUN_DIR/evals/<time>-<checkpoint>-<split>.json so the
// window and `tfw compare` can show them later (core/eval/evaluation_reader.h reads them).

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/decode/decode_options.h"
#include "core/eval/reference_loss.h"
#include "core/metrics/metric_registry.h"

namespace tfw {

class Translator;

// What to evaluate on. For a language model only `sources` (the text lines) are used.
struct EvaluationSet {
    std::string split = "custom";  // "valid", "test" or "custom"
    std::string src_file, ref_file;
    std::vector<std::string> sources, references;
};

struct SentenceResult {
    size_t index = 0;        // line number from 0
    std::string source;      // lm: the line
    std::string reference;   // seq2seq only
    std::string hypothesis;  // seq2seq only
    double score = 0;        // see Evaluation::sentence_metric
};

struct Evaluation {
    std::string checkpoint;  // path as given
    int64_t checkpoint_step = 0;
    Task task = Task::Translation;
    std::string split, src_file, ref_file;
    std::string created_at;                      // ISO 8601, UTC
    ReferenceLoss loss;                          // of the references (lm: of the text)
    std::map<std::string, MetricScore> metrics;  // by MetricInfo::key
    DecodeOptions decode;
    ScoringSettings scoring;  // how the outputs were compared with the references
    double seconds = 0;
    // "sentence BLEU" (translation), "ROUGE-L F1" (summarization, 0-100) or "perplexity" (lm).
    std::string sentence_metric;
    bool higher_is_better = true;  // false for perplexity
    std::vector<SentenceResult> sentences;
    std::string file;  // the saved file it was read from; "" for a new result

    // The recorded value of a registered metric; nullptr when it was not computed.
    const MetricScore* metric(const std::string& key) const;
};

// The config's validation or test split ("valid" | "test"), read from its files (relative to
// data.dir) or generated for a synthetic task. Throws ConfigError when the split has no
// files, DataError for unreadable or misaligned files.
EvaluationSet evaluation_split(const ExperimentConfig& config, const std::string& split);

// The outputs get the registry's metrics of `metrics_of` (metric_set_task: `tfw eval --metric`),
// by default those of the checkpoint's task. A language model always gets perplexity.
// progress(done, total) after each batch of inputs; returning false cancels, and evaluate
// then returns std::nullopt. Throws std::invalid_argument for an empty or misaligned set.
std::optional<Evaluation> evaluate(
    Translator& translator, const std::string& checkpoint, const EvaluationSet& set,
    const DecodeOptions& options, std::optional<Task> metrics_of = std::nullopt,
    const std::function<bool(size_t done, size_t total)>& progress = {});

// "translation", "summarization" or "lm", as saved evaluations name the task.
std::string task_name(Task task);

// What RUN_DIR/evals/*.json holds; core/eval/evaluation_reader.h reads it back.
nlohmann::ordered_json to_json(const Evaluation& evaluation);

// The run folder a checkpoint belongs to (RUN/checkpoints/NAME.tfw with RUN/config.json), or ""
// for a checkpoint outside any run.
std::string run_dir_of_checkpoint(const std::string& checkpoint);

// Its figures as scalars by name (the metrics by registry key, loss, perplexity and, for a
// word-level LM, word_perplexity): eval/<split>/<name> in TensorBoard and scalar exports.
std::map<std::string, double> evaluation_scalars(const Evaluation& evaluation);

// Writes RUN_DIR/evals/<time>-<checkpoint>-<split>.json atomically, and its scalars as a
// TensorBoard event file in RUN_DIR; returns the JSON file's path.
std::string save_evaluation(const std::string& run_dir, const Evaluation& evaluation);

}  // namespace tfw
