#include "core/eval/evaluation.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <numeric>
#include <stdexcept>

#include "core/config/decode_fields.h"
#include "core/data/split_reader.h"
#include "core/decode/forced_score.h"
#include "core/decode/translator.h"
#include "core/io/run_directory.h"
#include "core/io/run_tensorboard_log.h"

namespace tfw {
namespace {

namespace fs = std::filesystem;
using ojson = nlohmann::ordered_json;

// JSON has no NaN: null instead.
ojson number(double value) {
    return std::isfinite(value) ? ojson(value) : ojson(nullptr);
}

// Language model: each line's own perplexity after a sentence boundary. Lines are scored
// shortest first, in batches of at most train.batch_tokens positions, so that a batch pads
// little: WikiText-2's test lines run from 1 to 482 tokens, and in file order 64 of them
// padded to the longest were five times the positions they hold.
void score_lines(Translator& translator, Evaluation& evaluation, const EvaluationSet& set,
                 const std::function<bool(size_t, size_t)>& keep_going, bool& cancelled) {
    LoadedModel& loaded = translator.model();
    const int64_t room = loaded.model->options().max_positions - 2;
    const size_t budget =
        static_cast<size_t>(std::max(loaded.checkpoint.config.train.batch_tokens, 1));
    const size_t count = set.sources.size();
    std::vector<std::vector<int>> lines(count);
    for (size_t i = 0; i < count; ++i) {
        lines[i] = loaded.tgt_tokenizer->encode(set.sources[i]);
        if (static_cast<int64_t>(lines[i].size()) > room)
            lines[i].resize(static_cast<size_t>(room));
    }
    std::vector<size_t> order(count);
    std::iota(order.begin(), order.end(), size_t{0});
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t a, size_t b) { return lines[a].size() < lines[b].size(); });
    std::vector<double> perplexity(count);
    for (size_t begin = 0; begin < count && !cancelled;) {
        // Sorted, so the batch's last line is its longest (+1: the prompt).
        size_t end = begin + 1;
        while (end < count && (end + 1 - begin) * (lines[order[end]].size() + 1) <= budget) ++end;
        std::vector<std::vector<int>> prompts(end - begin, std::vector<int>{kEosId}), batch;
        for (size_t k = begin; k < end; ++k) batch.push_back(lines[order[k]]);
        const auto scores = force_score_ids(*loaded.model, prompts, batch, batch.size());
        for (size_t k = begin; k < end; ++k) perplexity[order[k]] = scores[k - begin].perplexity();
        begin = end;
        if (keep_going && !keep_going(begin, count)) cancelled = true;
    }
    for (size_t i = 0; i < count && !cancelled; ++i)
        evaluation.sentences.push_back({i, set.sources[i], "", "", perplexity[i]});
}

// The registry's metrics of `metrics_task`; each sentence is scored with its main metric.
void score_outputs(Evaluation& evaluation, const EvaluationSet& set,
                   const std::vector<std::string>& hypotheses, Task metrics_task) {
    const MetricInfo* per_sentence = main_metric(metrics_task);
    const ScoringSettings& settings = evaluation.scoring;
    for (const MetricInfo* metric : metrics_for(metrics_task))
        evaluation.metrics[metric->key] = metric->corpus(hypotheses, set.references, settings);
    if (per_sentence) evaluation.sentence_metric = per_sentence->sentence_name;
    for (size_t i = 0; i < hypotheses.size(); ++i)
        evaluation.sentences.push_back(
            {i, set.sources[i], set.references[i], hypotheses[i],
             per_sentence ? per_sentence->sentence(hypotheses[i], set.references[i], settings)
                          : std::nan("")});
}

// A name safe in a file name: letters, digits, '-', '_' and '.'.
std::string file_safe(const std::string& text) {
    std::string out;
    for (char c : text)
        out += std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.'
                   ? c
                   : '_';
    return out;
}

}  // namespace

std::string task_name(Task task) {
    return task == Task::Translation     ? "translation"
           : task == Task::Summarization ? "summarization"
                                         : "lm";
}

const MetricScore* Evaluation::metric(const std::string& key) const {
    const auto it = metrics.find(key);
    return it == metrics.end() ? nullptr : &it->second;
}

EvaluationSet evaluation_split(const ExperimentConfig& config, const std::string& split) {
    if (split != "valid" && split != "test")
        throw std::invalid_argument("split must be valid or test, got '" + split + "'");
    RawSplit raw = read_split(config, split == "valid" ? Split::Valid : Split::Test);
    EvaluationSet set;
    set.split = split;
    if (config.is_lm()) {
        set.src_file = raw.tgt_file;
        set.sources = std::move(raw.tgt);
        return set;
    }
    set.src_file = raw.src_file;
    set.ref_file = raw.tgt_file;
    if (config.data.synthetic != Synthetic::None)
        set.src_file = set.ref_file = "synthetic " + split + " set";
    set.sources = std::move(raw.src);
    set.references = std::move(raw.tgt);
    return set;
}

std::optional<Evaluation> evaluate(Translator& translator, const std::string& checkpoint,
                                   const EvaluationSet& set, const DecodeOptions& options,
                                   std::optional<Task> metrics_of,
                                   const std::function<bool(size_t, size_t)>& progress) {
    LoadedModel& loaded = translator.model();
    const ExperimentConfig& config = loaded.checkpoint.config;
    if (set.sources.empty())
        throw std::invalid_argument("the evaluation set " + set.src_file + " is empty");
    if (!config.is_lm() && set.sources.size() != set.references.size())
        throw std::invalid_argument(std::to_string(set.sources.size()) + " inputs but " +
                                    std::to_string(set.references.size()) + " references");
    Evaluation evaluation;
    evaluation.checkpoint = checkpoint;
    evaluation.checkpoint_step = loaded.checkpoint.position.step;
    evaluation.task = config.task;
    evaluation.split = set.split;
    evaluation.src_file = set.src_file;
    evaluation.ref_file = set.ref_file;
    evaluation.decode = options;
    evaluation.scoring = scoring_settings(config);
    evaluation.scoring.bleu_tokenizer = bleu_tokenizer_for(set.references);
    evaluation.created_at = utc_timestamp();
    const auto start = std::chrono::steady_clock::now();
    bool cancelled = false;

    if (config.is_lm()) {
        evaluation.sentence_metric = "perplexity";
        evaluation.higher_is_better = false;
        score_lines(translator, evaluation, set, progress, cancelled);
        if (cancelled) return std::nullopt;
        evaluation.loss = text_loss(loaded, set.sources);
    } else {
        const auto outputs =
            translator.translate(set.sources, options, [&](size_t done, size_t total) {
                if (progress && !progress(done, total)) cancelled = true;
                return !cancelled;
            });
        if (cancelled) return std::nullopt;
        std::vector<std::string> hypotheses;
        for (const auto& per_input : outputs)
            hypotheses.push_back(per_input.empty() ? "" : per_input.front().text);
        evaluation.loss = reference_loss(loaded, set.sources, set.references);
        score_outputs(evaluation, set, hypotheses, metrics_of.value_or(config.task));
    }
    evaluation.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return evaluation;
}

nlohmann::ordered_json to_json(const Evaluation& e) {
    ojson out = {{"checkpoint", e.checkpoint},
                 {"checkpoint_step", e.checkpoint_step},
                 {"split", e.split},
                 {"src", e.src_file},
                 {"ref", e.ref_file},
                 {"created_at", e.created_at},
                 {"task", task_name(e.task)},
                 {"sentences", e.sentences.size()},
                 {"loss", number(e.loss.loss())},
                 {"perplexity", number(e.loss.perplexity())},
                 {"tokens", e.loss.tokens}};
    if (e.loss.word_perplexity() > 0) {
        out["word_perplexity"] = number(e.loss.word_perplexity());
        out["tokens_per_word"] = e.loss.tokens_per_word;
    }
    for (const MetricInfo& metric : metric_registry())
        if (const MetricScore* score = e.metric(metric.key)) out[metric.key] = score->json;
    if (e.task != Task::LanguageModel) {
        out["decode"] = to_json(e.decode);
        out["scoring"] = {{"lowercase", e.scoring.lowercase},
                          {"rouge_stemmer", e.scoring.rouge_stemmer},
                          {"bleu_tokenize", bleu_tokenizer_name(e.scoring.bleu_tokenizer)}};
    }
    out["seconds"] = e.seconds;
    out["sentence_metric"] = e.sentence_metric;
    ojson rows = ojson::array();
    for (const SentenceResult& s : e.sentences) {
        ojson row = {{"index", s.index}, {"source", s.source}};
        if (e.task != Task::LanguageModel) {
            row["reference"] = s.reference;
            row["hypothesis"] = s.hypothesis;
        }
        row["score"] = number(s.score);
        rows.push_back(std::move(row));
    }
    out["per_sentence"] = std::move(rows);
    return out;
}

std::string run_dir_of_checkpoint(const std::string& checkpoint) {
    std::error_code ec;
    if (checkpoint.empty()) return "";
    const fs::path folder = fs::absolute(fs::path(checkpoint), ec).parent_path();
    if (ec || folder.filename() != "checkpoints") return "";
    const fs::path run = folder.parent_path();
    return fs::exists(run / "config.json", ec) ? run.string() : "";
}

std::map<std::string, double> evaluation_scalars(const Evaluation& evaluation) {
    std::map<std::string, double> scalars;
    for (const auto& [key, score] : evaluation.metrics) scalars[key] = score.value;
    if (evaluation.loss.tokens > 0) {
        scalars["loss"] = evaluation.loss.loss();
        scalars["perplexity"] = evaluation.loss.perplexity();
        if (evaluation.loss.word_perplexity() > 0)
            scalars["word_perplexity"] = evaluation.loss.word_perplexity();
    }
    return scalars;
}

std::string save_evaluation(const std::string& run_dir, const Evaluation& evaluation) {
    const fs::path folder = fs::path(run_dir) / "evals";
    std::error_code ec;
    fs::create_directories(folder, ec);
    if (ec) throw std::runtime_error("cannot create " + folder.string() + ": " + ec.message());
    std::string stamp = evaluation.created_at;  // 2026-11-22T06:00:00Z -> 20261122-060000
    std::string compact;
    for (char c : stamp)
        if (std::isdigit(static_cast<unsigned char>(c))) compact += c;
    if (compact.size() >= 14) compact = compact.substr(0, 8) + "-" + compact.substr(8, 6);
    const std::string name = file_safe(
        compact + "-" + fs::path(evaluation.checkpoint).stem().string() + "-" + evaluation.split);
    fs::path path = folder / (name + ".json");
    for (int n = 2; fs::exists(path); ++n)
        path = folder / (name + "-" + std::to_string(n) + ".json");
    write_text_atomically(path.string(), to_json(evaluation).dump(1) + "\n");
    write_evaluation_scalars(run_dir, evaluation.split, evaluation.checkpoint_step,
                             evaluation_scalars(evaluation));
    return path.string();
}

}  // namespace tfw
