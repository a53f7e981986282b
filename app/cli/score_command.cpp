// tfw score: the metric registry's scorers (BLEU, chrF/chrF++, ROUGE, ...) of a hypothesis file
// against reference files, with the numbers and signatures of sacreBLEU 2.6.0 and rouge-score
// 0.1.2.

#include <nlohmann/json.hpp>

#include <iostream>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "app/cli/args.h"
#include "app/cli/command.h"
#include "app/cli/score_inputs.h"
#include "core/metrics/bleu_tokenizer.h"
#include "core/metrics/metric_registry.h"

namespace tfw::cli {

namespace {

// "bleu, chrf, chrf++ or rouge": the registry's scorers, those taking `option` if given.
std::string scorer_list(const std::string& separator, const std::string& last_separator,
                        std::optional<ScoringOption> option = std::nullopt) {
    std::vector<std::string> names;
    for (const Scorer& scorer : scorers())
        if (!option || scorer.takes(*option)) names.push_back(scorer.name);
    std::string list;
    for (size_t i = 0; i < names.size(); ++i)
        list += (i == 0 ? "" : i + 1 == names.size() ? last_separator : separator) + names[i];
    return list;
}

const Scorer& parse_scorer(const std::string& name) {
    const Scorer* scorer = find_scorer(name);
    if (!scorer)
        throw UsageError("unknown metric '" + name + "' (use " + scorer_list(", ", " or ") + ")");
    return *scorer;
}

// --tokenize, --lowercase and --stem only where the scorer reads them.
void check_options(const Args& args, const Scorer& scorer) {
    const std::pair<const char*, ScoringOption> flags[] = {{"tokenize", ScoringOption::Tokenize},
                                                           {"lowercase", ScoringOption::Lowercase},
                                                           {"stem", ScoringOption::Stem}};
    for (const auto& [flag, option] : flags) {
        if (!args.has(flag) || scorer.takes(option)) continue;
        const std::string name = flag;
        if (option == ScoringOption::Lowercase && scorer.always_lowercases)
            throw UsageError("--lowercase does not apply to " + scorer.name +
                             ", which always lowercases");
        throw UsageError("--" + name + " applies to --metric " +
                         scorer_list(", ", " and ", option) + " only");
    }
}

int run_score(const std::vector<std::string>& raw_args) {
    Args args("score",
              "Scores hypotheses against references, line by line, as sacreBLEU 2.6.0 (BLEU,\n"
              "chrF, chrF++) or rouge-score 0.1.2 (ROUGE-1/2/L/Lsum; a literal <n> in a line\n"
              "separates sentences) compute them.");
    args.option("metric", "NAME", scorer_list(" | ", " | "))
        .option("hyp", "FILE", "hypotheses, one segment per line")
        .repeated("ref", "FILE", "references, line i pairs with hypothesis line i")
        .option("tokenize", "NAME", "BLEU tokenizer: 13a | intl | zh | none", "13a")
        .flag("lowercase", "lowercase before scoring (BLEU, chrF)")
        .flag("stem", "Porter-stem tokens longer than 3 characters (ROUGE)")
        .flag("json", "print one JSON object instead of text");
    if (!args.parse(raw_args)) return 0;

    const Scorer& scorer = parse_scorer(args.get("metric"));
    const std::string hyp_path = args.get("hyp");
    const std::vector<std::string> ref_paths = args.all("ref");
    if (ref_paths.empty()) throw UsageError("--ref is required (see tfw score --help)");
    ScoringSettings settings;
    try {
        settings.bleu_tokenizer = parse_bleu_tokenizer(args.get("tokenize"));
    } catch (const std::invalid_argument& e) {
        throw UsageError(e.what());
    }
    check_options(args, scorer);
    if (scorer.single_reference && ref_paths.size() != 1)
        throw UsageError("--metric " + scorer.name + " takes exactly one --ref");
    settings.lowercase = args.has("lowercase");
    settings.rouge_stemmer = args.has("stem");

    const ScoreInputs inputs = read_score_inputs(hyp_path, ref_paths);
    const ScorerReport report = scorer.score(inputs.hypotheses, inputs.references, settings);
    if (args.has("json"))
        std::cout << report.json.dump() << "\n";
    else
        std::cout << report.text;
    return 0;
}

const bool registered = register_command(
    {"score", "BLEU, chrF or ROUGE of a hypothesis file (sacreBLEU / rouge-score exact)",
     run_score});

}  // namespace

}  // namespace tfw::cli
