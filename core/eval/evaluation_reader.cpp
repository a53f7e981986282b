#include "core/eval/evaluation_reader.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>

#include "core/config/config_error.h"
#include "core/config/decode_fields.h"

namespace fs = std::filesystem;

namespace tfw {
namespace {

using json = nlohmann::json;

// null (how NaN is saved) or missing: NaN.
double number(const json& j, const char* key) {
    const auto it = j.find(key);
    return it != j.end() && it->is_number() ? it->get<double>() : std::nan("");
}

Task task_of(const std::string& name) {
    for (Task task : {Task::Translation, Task::Summarization, Task::LanguageModel})
        if (task_name(task) == name) return task;
    throw EvaluationFileError("unknown task '" + name + "'");
}

// Every decoding setting to_json records; older files lack some, which keep their defaults.
DecodeOptions decode_of(const json& j) {
    DecodeOptions decode;
    for (const DecodeField& field : decode_fields()) {
        const auto it = j.find(field.key);
        if (it == j.end()) continue;
        try {
            field.set(decode, *it);
        } catch (const ConfigError& error) {
            throw EvaluationFileError(std::string("decode.") + error.what());
        }
    }
    return decode;
}

ScoringSettings scoring_of(const json& j) {
    ScoringSettings scoring;
    scoring.lowercase = j.value("lowercase", scoring.lowercase);
    scoring.rouge_stemmer = j.value("rouge_stemmer", scoring.rouge_stemmer);
    try {
        scoring.bleu_tokenizer = parse_bleu_tokenizer(j.value("bleu_tokenize", std::string("13a")));
    } catch (const std::invalid_argument& e) {
        throw EvaluationFileError(std::string("scoring.bleu_tokenize: ") + e.what());
    }
    return scoring;
}

}  // namespace

Evaluation evaluation_from_json(const json& j) {
    if (!j.is_object()) throw EvaluationFileError("an evaluation is a JSON object");
    try {
        Evaluation e;
        e.checkpoint = j.value("checkpoint", "");
        e.checkpoint_step = j.value("checkpoint_step", int64_t(0));
        e.task = task_of(j.value("task", "translation"));
        e.split = j.value("split", "");
        e.src_file = j.value("src", "");
        e.ref_file = j.value("ref", "");
        e.created_at = j.value("created_at", "");
        e.loss.tokens = j.value("tokens", int64_t(0));
        e.loss.nll = number(j, "loss") * static_cast<double>(e.loss.tokens);
        e.loss.tokens_per_word = j.value("tokens_per_word", 0.0);
        for (const MetricInfo& metric : metric_registry()) {
            const auto it = j.find(metric.key);
            if (it != j.end() && it->is_object())
                e.metrics[metric.key] = read_metric_score(metric, *it);
        }
        if (j.contains("decode")) e.decode = decode_of(j["decode"]);
        if (j.contains("scoring")) e.scoring = scoring_of(j["scoring"]);
        e.seconds = number(j, "seconds");
        e.sentence_metric = j.value("sentence_metric", "");
        e.higher_is_better = e.task != Task::LanguageModel;
        for (const json& row : j.value("per_sentence", json::array()))
            e.sentences.push_back({row.value("index", size_t(0)), row.value("source", ""),
                                   row.value("reference", ""), row.value("hypothesis", ""),
                                   number(row, "score")});
        return e;
    } catch (const json::exception& error) {
        throw EvaluationFileError(error.what());
    }
}

Evaluation read_evaluation(const std::string& path) {
    std::ifstream in(path);
    const json j = json::parse(in, nullptr, false);
    if (!in.is_open() || j.is_discarded())
        throw EvaluationFileError(path + ": not a readable evaluation");
    try {
        Evaluation e = evaluation_from_json(j);
        e.file = path;
        return e;
    } catch (const EvaluationFileError& error) {
        throw EvaluationFileError(path + ": " + error.what());
    }
}

std::vector<Evaluation> read_evaluations(const std::string& run_dir) {
    std::vector<Evaluation> evals;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(fs::path(run_dir) / "evals", ec)) {
        if (entry.path().extension() != ".json") continue;
        try {
            evals.push_back(read_evaluation(entry.path().string()));
        } catch (const EvaluationFileError&) {
            // being written, or not ours
        }
    }
    std::sort(evals.begin(), evals.end(), [](const Evaluation& a, const Evaluation& b) {
        return a.created_at != b.created_at ? a.created_at < b.created_at : a.file < b.file;
    });
    return evals;
}

}  // namespace tfw
