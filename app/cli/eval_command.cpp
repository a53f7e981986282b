// tfw eval: decode a test set with a checkpoint and score it (BLEU + chrF for translation,
// ROUGE for summarization), plus the teacher-forced loss and perplexity of the references.
// For a language model: perplexity of plain text.
#include <nlohmann/json.hpp>

#include <chrono>
#include <cmath>
#include <fstream>
#include <iostream>
#include <stdexcept>

#include "app/cli/args.h"
#include "app/cli/command.h"
#include "app/cli/decode_args.h"
#include "core/config/config_error.h"
#include "core/data/data_error.h"
#include "core/data/text_reader.h"
#include "core/decode/reference_loss.h"
#include "core/decode/translator.h"
#include "core/metrics/bleu.h"
#include "core/metrics/chrf.h"
#include "core/metrics/rouge.h"

namespace tfw::cli {
namespace {

using json = nlohmann::ordered_json;

std::vector<std::string> read_nonempty(const std::string& path) {
    auto lines = read_text_lines(path);
    if (lines.empty()) throw DataError(path, 0, "file is empty");
    return lines;
}

// NaN (no tokens) is not valid JSON: null instead.
json number(double value) {
    return std::isfinite(value) ? json(value) : json(nullptr);
}

json loss_json(const ReferenceLoss& loss) {
    return {{"loss", number(loss.loss())},
            {"perplexity", number(loss.perplexity())},
            {"tokens", loss.tokens}};
}

std::string task_name(Task task) {
    return task == Task::Translation     ? "translation"
           : task == Task::Summarization ? "summarization"
                                         : "lm";
}

json metrics_json(const std::string& metric, const std::vector<std::string>& hypotheses,
                  const std::vector<std::string>& references) {
    json out;
    if (metric == "bleu") {
        const BleuOptions bleu_options;
        const BleuScore bleu = corpus_bleu(hypotheses, {references}, bleu_options);
        out["bleu"] = {{"score", bleu.score},
                       {"signature", bleu_signature(bleu_options, 1)},
                       {"summary", bleu.format()}};
        const ChrfOptions chrf_options;
        const ChrfScore chrf = corpus_chrf(hypotheses, {references}, chrf_options);
        out["chrf"] = {{"score", chrf.score}, {"signature", chrf_signature(chrf_options, 1)}};
        return out;
    }
    const RougeScores rouge = rouge_mean(rouge_score_lines(references, hypotheses));
    for (const auto& [name, value] :
         {std::pair<const char*, const RougeValue*>{"rouge1", &rouge.rouge1},
          {"rouge2", &rouge.rouge2},
          {"rougeL", &rouge.rougeL},
          {"rougeLsum", &rouge.rougeLsum}})
        out[name] = {{"precision", value->precision},
                     {"recall", value->recall},
                     {"fmeasure", value->fmeasure}};
    return out;
}

int eval_lm(Translator& translator, const Args& args) {
    if (args.has("ref") || args.has("metric") || args.has("out"))
        throw ConfigError(
            args.get("checkpoint") +
            " is a language model: tfw eval gives the perplexity of --src as plain text "
            "(no --ref, --metric or --out)");
    const auto lines = read_nonempty(args.get("src"));
    const ReferenceLoss loss = text_loss(translator.model(), lines);
    json out = {{"checkpoint", args.get("checkpoint")}, {"task", "lm"}, {"lines", lines.size()}};
    out.update(loss_json(loss));
    std::cout << out.dump() << std::endl;
    return 0;
}

int eval(const std::vector<std::string>& argv) {
    Args args("eval",
              "Decodes --src with a checkpoint, writes the hypotheses (--out) and prints one JSON "
              "object:\nteacher-forced loss and perplexity of --ref, and BLEU + chrF "
              "(translation) or ROUGE-1/2/L/Lsum\n(summarization). For a language model: the "
              "perplexity of --src as plain text.");
    args.option("checkpoint", "FILE", "a .tfw checkpoint")
        .option("src", "FILE", "inputs, one per line")
        .option("ref", "FILE", "references, line i pairs with input line i")
        .option("out", "FILE", "write the detokenized hypotheses here")
        .option("metric", "bleu|rouge",
                "default: bleu (with chrF) for translation, rouge for summarization");
    add_decode_options(args);
    if (!args.parse(argv)) return 0;
    if (!args.has("src")) throw UsageError("--src is required (see tfw eval --help)");
    Translator translator(load_model(args.get("checkpoint"), args.get("device")));
    const ExperimentConfig& config = translator.model().checkpoint.config;
    if (config.is_lm()) return eval_lm(translator, args);

    if (!args.has("ref"))
        throw UsageError("--ref is required for a " + task_name(config.task) + " checkpoint");
    const std::string metric = args.has("metric")                   ? args.get("metric")
                               : config.task == Task::Summarization ? "rouge"
                                                                    : "bleu";
    if (metric != "bleu" && metric != "rouge")
        throw UsageError("--metric must be bleu or rouge, got '" + metric + "'");
    const DecodeOptions options = decode_options_from_args(args, config.decode);
    const auto sources = read_nonempty(args.get("src"));
    const auto references = read_nonempty(args.get("ref"));
    if (sources.size() != references.size())
        throw std::runtime_error("source file " + args.get("src") + " has " +
                                 std::to_string(sources.size()) + " lines but reference file " +
                                 args.get("ref") + " has " + std::to_string(references.size()) +
                                 " lines");
    std::ofstream hyp_file;
    if (args.has("out")) {
        hyp_file.open(args.get("out"));
        if (!hyp_file) throw std::runtime_error("cannot write " + args.get("out"));
    }

    const auto start = std::chrono::steady_clock::now();
    const auto outputs = translator.translate(sources, options, [](size_t done, size_t total) {
        std::cerr << "decoded " << done << "/" << total << std::endl;
        return true;
    });
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::vector<std::string> hypotheses;
    for (const auto& per_input : outputs)
        hypotheses.push_back(per_input.empty() ? "" : per_input.front().text);
    for (const auto& h : hypotheses) hyp_file << h << "\n";

    json out = {{"checkpoint", args.get("checkpoint")},
                {"task", task_name(config.task)},
                {"sentences", sources.size()}};
    out.update(loss_json(reference_loss(translator.model(), sources, references)));
    out.update(metrics_json(metric, hypotheses, references));
    out["decode"] = {
        {"beam", options.beam},
        {"lenpen", options.lenpen},
        {"lenpen_form", options.lenpen_form == LengthPenaltyForm::Gnmt ? "gnmt" : "fairseq"},
        {"sample", options.sample},
        {"seconds", seconds}};
    std::cout << out.dump() << std::endl;
    return 0;
}

const bool registered =
    register_command({"eval", "decode and score a test set (BLEU, chrF, ROUGE, perplexity)", eval});

}  // namespace
}  // namespace tfw::cli
