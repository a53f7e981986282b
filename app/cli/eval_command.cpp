// tfw eval: decode a test set with a checkpoint and score it (BLEU + chrF for translation,
// ROUGE for summarization), plus the teacher-forced loss and perplexity of the references.
// For a language model: perplexity of plain text. The work is core's evaluate(); this file
// reads the arguments and prints the result.
#include <nlohmann/json.hpp>

#include <fstream>
#include <iostream>
#include <optional>
#include <stdexcept>

#include "app/cli/args.h"
#include "app/cli/command.h"
#include "app/cli/decode_args.h"
#include "core/config/config_io.h"
#include "core/data/data_error.h"
#include "core/data/text_reader.h"
#include "core/decode/translator.h"
#include "core/eval/evaluation.h"
#include "core/eval/length_extrapolation.h"
#include "core/metrics/metric_registry.h"
#include "core/util/error_text.h"

namespace tfw::cli {
namespace {

std::vector<std::string> read_nonempty(const std::string& path) {
    auto lines = read_text_lines(path);
    if (lines.empty()) throw DataError(path, 0, "file is empty");
    return lines;
}

// "bleu or rouge": the registry's metric sets.
std::string metric_set_list(const std::string& last_separator) {
    const std::vector<std::string> names = metric_set_names();
    std::string list;
    for (size_t i = 0; i < names.size(); ++i)
        list += (i == 0 ? "" : i + 1 == names.size() ? last_separator : ", ") + names[i];
    return list;
}

std::optional<Task> parse_metric(const Args& args) {
    if (!args.has("metric")) return std::nullopt;
    const std::string metric = args.get("metric");
    try {
        return metric_set_task(metric);
    } catch (const std::invalid_argument&) {
        throw UsageError("--metric must be " + metric_set_list(" or ") + ", got '" + metric + "'");
    }
}

// --src/--ref when given, else the experiment's own split (--split, default test).
EvaluationSet read_set(const Args& args, const ExperimentConfig& config) {
    if (!args.has("src")) return evaluation_split(config, args.get("split"));
    if (args.has("split")) throw UsageError("give either --split or --src/--ref, not both");
    EvaluationSet set;
    set.src_file = args.get("src");
    set.sources = read_nonempty(set.src_file);
    if (config.is_lm()) return set;
    if (!args.has("ref")) throw UsageError("--ref is required with --src for this checkpoint");
    set.ref_file = args.get("ref");
    set.references = read_nonempty(set.ref_file);
    if (set.sources.size() != set.references.size())
        throw std::runtime_error("source file " + set.src_file + " has " +
                                 std::to_string(set.sources.size()) + " lines but reference file " +
                                 set.ref_file + " has " + std::to_string(set.references.size()) +
                                 " lines");
    return set;
}

// tfw eval --window: one JSON object with the perplexity at each window.
int print_extrapolation(const Args& args, LoadedModel& model) {
    const ExperimentConfig& config = model.checkpoint.config;
    if (!config.is_lm())
        throw UsageError(
            "--window measures a language model's perplexity; this checkpoint is "
            "a sequence-to-sequence model");
    if (args.has("save") || args.has("out"))
        throw UsageError("--window prints its figures; it has no --save or --out");
    const EvaluationSet set = read_set(args, config);
    const std::vector<int> windows = parse_extrapolation_windows(args.get("window"), config);
    if (windows.empty())
        throw UsageError(
            "--window takes token counts of at least 2 separated by commas, or auto; got '" +
            args.get("window") + "'");
    const auto results =
        length_extrapolation(model, set.sources, windows, [](size_t done, size_t total) {
            std::cerr << "window " << done << "/" << total << std::endl;
            return true;
        });
    nlohmann::ordered_json rows = nlohmann::ordered_json::array();
    for (const WindowPerplexity& r : results) {
        nlohmann::ordered_json row = {{"window", r.window}};
        if (!r.error.empty()) {
            row["error"] = r.error;
        } else {
            row["tokens"] = r.loss.tokens;
            row["loss"] = r.loss.loss();
            row["perplexity"] = r.loss.perplexity();
            if (r.loss.word_perplexity() > 0) row["word_perplexity"] = r.loss.word_perplexity();
        }
        rows.push_back(row);
    }
    nlohmann::ordered_json out = {
        {"checkpoint", args.get("checkpoint")},
        {"text", set.src_file},
        {"trained_window", config.data.max_tgt_len},
        {"positional", to_json(config)["model"]["positional"].get<std::string>()},
        {"windows", rows}};
    std::cout << out.dump() << std::endl;
    return 0;
}

int eval(const std::vector<std::string>& argv) {
    Args args(
        "eval",
        "Decodes a test set with a checkpoint and prints one JSON object: the teacher-forced\n"
        "loss and perplexity of the references, and BLEU + chrF (translation) or\n"
        "ROUGE-1/2/L/Lsum (summarization). For a language model: the perplexity of the\n"
        "text. Without --src the experiment's own test (or --split valid) set is used.");
    args.option("checkpoint", "FILE", "a .tfw checkpoint")
        .option("src", "FILE", "inputs, one per line (lm: the text)")
        .option("ref", "FILE", "references, line i pairs with input line i")
        .option("split", "valid|test", "the experiment's own split instead of --src/--ref", "test")
        .option("out", "FILE", "write the detokenized hypotheses here")
        .option("metric", metric_set_list("|"),
                "default: bleu (with chrF) for translation, rouge for summarization")
        .option("window", "N[,N...]",
                "language model: the perplexity in windows of N tokens instead (length "
                "extrapolation: try 2x and 4x data.max_tgt_len; 'auto' = 1x, 2x, 4x)")
        .flag("save",
              "also keep the result, per-sentence scores included, in the checkpoint's run "
              "folder (evals/), where the window and tfw compare show it");
    add_decode_options(args);
    if (!args.parse(argv)) return 0;
    if (!args.has("checkpoint")) throw UsageError("--checkpoint is required (see tfw eval --help)");
    const std::string checkpoint = args.get("checkpoint");
    Translator translator(load_model(checkpoint, args.get("device")));
    warn_if_unverified(translator.model().checkpoint, checkpoint);
    const ExperimentConfig& config = translator.model().checkpoint.config;
    if (config.is_lm() && (args.has("ref") || args.has("metric") || args.has("out")))
        throw UsageError(checkpoint +
                         " is a language model: tfw eval gives the perplexity of its text "
                         "(no --ref, --metric or --out)");
    if (args.has("window")) return print_extrapolation(args, translator.model());
    const std::optional<Task> metric = parse_metric(args);
    std::string run_dir;
    if (args.has("save")) {
        run_dir = run_dir_of_checkpoint(checkpoint);
        if (run_dir.empty())
            throw UsageError(checkpoint +
                             " is not inside a run folder (RUN/checkpoints/NAME.tfw): --save has "
                             "nowhere to keep the result");
    }
    const EvaluationSet set = read_set(args, config);
    const DecodeOptions options = decode_options_from_args(args, config.decode);

    const auto evaluation =
        evaluate(translator, checkpoint, set, options, metric, [](size_t done, size_t total) {
            std::cerr << "decoded " << done << "/" << total << std::endl;
            return true;
        });
    if (args.has("out")) {
        std::ofstream out(args.get("out"));
        for (const auto& sentence : evaluation->sentences) out << sentence.hypothesis << "\n";
        if (!out) throw std::runtime_error("cannot write " + args.get("out"));
    }
    nlohmann::ordered_json summary = to_json(*evaluation);
    summary.erase("per_sentence");
    std::cout << summary.dump() << std::endl;  // first: a failed save must not lose the scores
    if (run_dir.empty()) return 0;
    try {
        const std::string saved = save_evaluation(run_dir, *evaluation);
        std::cerr << "saved " << saved << std::endl;
    } catch (const std::exception& e) {
        std::cerr << "error: the scores above were not saved: " << user_error_text(e) << std::endl;
        return 1;
    }
    return 0;
}

const bool registered =
    register_command({"eval", "decode and score a test set (BLEU, chrF, ROUGE, perplexity)", eval});

}  // namespace
}  // namespace tfw::cli
