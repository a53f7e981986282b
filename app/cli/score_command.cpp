// tfw score: BLEU, chrF/chrF++ and ROUGE of a hypothesis file against reference files,
// with the numbers and signatures of sacreBLEU 2.6.0 and rouge-score 0.1.2.

#include <nlohmann/json.hpp>

#include <cstdio>
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "app/cli/args.h"
#include "app/cli/command.h"
#include "app/cli/score_inputs.h"
#include "core/metrics/bleu.h"
#include "core/metrics/chrf.h"
#include "core/metrics/rouge.h"

namespace tfw::cli {

namespace {

using json = nlohmann::ordered_json;

enum class Metric { kBleu, kChrf, kChrfPlusPlus, kRouge };

Metric parse_metric(const std::string& name) {
    if (name == "bleu") return Metric::kBleu;
    if (name == "chrf") return Metric::kChrf;
    if (name == "chrf++") return Metric::kChrfPlusPlus;
    if (name == "rouge") return Metric::kRouge;
    throw UsageError("unknown metric '" + name + "' (use bleu, chrf, chrf++ or rouge)");
}

std::string fixed(double value, int decimals) {
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", decimals, value);
    return text;
}

void print_bleu(const BleuScore& score, const std::string& signature, bool as_json) {
    if (!as_json) {
        std::cout << score.format() << "\nsignature: " << signature << "\n";
        return;
    }
    json out = {{"name", "BLEU"},          {"score", score.score},
                {"signature", signature},  {"precisions", score.precisions},
                {"counts", score.counts},  {"totals", score.totals},
                {"bp", score.bp},          {"sys_len", score.sys_len},
                {"ref_len", score.ref_len}};
    std::cout << out.dump() << "\n";
}

void print_chrf(const ChrfScore& score, const std::string& signature, bool as_json) {
    if (!as_json) {
        std::cout << score.format() << "\nsignature: " << signature << "\n";
        return;
    }
    json out = {{"name", score.name},
                {"score", score.score},
                {"signature", signature},
                {"stats", score.stats}};
    std::cout << out.dump() << "\n";
}

void print_rouge(const RougeScores& mean, bool stemmer, size_t lines, bool as_json) {
    const std::pair<const char*, const RougeValue*> values[] = {{"rouge1", &mean.rouge1},
                                                                {"rouge2", &mean.rouge2},
                                                                {"rougeL", &mean.rougeL},
                                                                {"rougeLsum", &mean.rougeLsum}};
    if (as_json) {
        json out = {{"stemmer", stemmer}, {"lines", lines}};
        for (const auto& [name, value] : values)
            out[name] = {{"precision", value->precision},
                         {"recall", value->recall},
                         {"fmeasure", value->fmeasure}};
        std::cout << out.dump() << "\n";
        return;
    }
    for (const auto& [name, value] : values) {
        const std::string label = name;
        std::cout << label << std::string(11 - label.size(), ' ')
                  << "P = " << fixed(100 * value->precision, 2)
                  << "  R = " << fixed(100 * value->recall, 2)
                  << "  F = " << fixed(100 * value->fmeasure, 2) << "\n";
    }
    std::cout << "mean over " << lines
              << " lines, rouge-score 0.1.2, stemmer: " << (stemmer ? "yes" : "no") << "\n";
}

int run_score(const std::vector<std::string>& raw_args) {
    Args args("score",
              "Scores hypotheses against references, line by line, as sacreBLEU 2.6.0 (BLEU,\n"
              "chrF, chrF++) or rouge-score 0.1.2 (ROUGE-1/2/L/Lsum; a literal <n> in a line\n"
              "separates sentences) compute them.");
    args.option("metric", "NAME", "bleu | chrf | chrf++ | rouge")
        .option("hyp", "FILE", "hypotheses, one segment per line")
        .repeated("ref", "FILE", "references, line i pairs with hypothesis line i")
        .option("tokenize", "NAME", "BLEU tokenizer: 13a | intl | zh | none", "13a")
        .flag("lowercase", "lowercase before scoring (BLEU, chrF)")
        .flag("stem", "Porter-stem tokens longer than 3 characters (ROUGE)")
        .flag("json", "print one JSON object instead of text");
    if (!args.parse(raw_args)) return 0;

    const Metric metric = parse_metric(args.get("metric"));
    const std::string hyp_path = args.get("hyp");
    const std::vector<std::string> ref_paths = args.all("ref");
    if (ref_paths.empty()) throw UsageError("--ref is required (see tfw score --help)");
    BleuTokenizer tokenizer;
    try {
        tokenizer = parse_bleu_tokenizer(args.get("tokenize"));
    } catch (const std::invalid_argument& e) {
        throw UsageError(e.what());
    }
    if (args.has("tokenize") && metric != Metric::kBleu)
        throw UsageError("--tokenize applies to --metric bleu only");
    if (args.has("lowercase") && metric == Metric::kRouge)
        throw UsageError("--lowercase does not apply to rouge, which always lowercases");
    if (args.has("stem") && metric != Metric::kRouge)
        throw UsageError("--stem applies to --metric rouge only");
    if (metric == Metric::kRouge && ref_paths.size() != 1)
        throw UsageError("--metric rouge takes exactly one --ref");

    const ScoreInputs inputs = read_score_inputs(hyp_path, ref_paths);
    const auto& hypotheses = inputs.hypotheses;
    const auto& references = inputs.references;
    const bool as_json = args.has("json");
    const int nrefs = static_cast<int>(references.size());

    switch (metric) {
        case Metric::kBleu: {
            BleuOptions options;
            options.tokenizer = tokenizer;
            options.lowercase = args.has("lowercase");
            print_bleu(corpus_bleu(hypotheses, references, options), bleu_signature(options, nrefs),
                       as_json);
            break;
        }
        case Metric::kChrf:
        case Metric::kChrfPlusPlus: {
            ChrfOptions options =
                metric == Metric::kChrf ? ChrfOptions{} : chrf_plus_plus_options();
            options.lowercase = args.has("lowercase");
            print_chrf(corpus_chrf(hypotheses, references, options), chrf_signature(options, nrefs),
                       as_json);
            break;
        }
        case Metric::kRouge: {
            RougeOptions options;
            options.use_stemmer = args.has("stem");
            print_rouge(rouge_mean(rouge_score_lines(references[0], hypotheses, options)),
                        options.use_stemmer, hypotheses.size(), as_json);
            break;
        }
    }
    return 0;
}

const bool registered = register_command(
    {"score", "BLEU, chrF or ROUGE of a hypothesis file (sacreBLEU / rouge-score exact)",
     run_score});

}  // namespace

}  // namespace tfw::cli
