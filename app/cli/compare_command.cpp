// tfw compare: runs and checkpoints side by side, their configuration differences and their
// numbers, as Markdown, CSV or LaTeX.
#include <iostream>
#include <memory>
#include <stdexcept>

#include "app/cli/args.h"
#include "app/cli/command.h"
#include "app/cli/decode_args.h"
#include "core/compare/compare_item.h"
#include "core/compare/config_diff.h"
#include "core/compare/metrics_table.h"
#include "core/compare/side_by_side.h"
#include "core/compare/table_format.h"
#include "core/decode/translator.h"
#include "core/io/run_management.h"
#include "core/sweep/sweep_state.h"

namespace tfw::cli {
namespace {

// A section title as the format writes one.
std::string heading(TableFormat format, const std::string& title) {
    switch (format) {
        case TableFormat::Csv:
            return title + "\n";
        case TableFormat::Latex:
            return "% " + title + "\n";
        case TableFormat::Markdown:
            break;
    }
    return "## " + title + "\n\n";
}

// --decode: one input through every item's checkpoint (a run's best, else last).
void print_side_by_side(const Args& args, const std::vector<CompareItem>& items,
                        TableFormat format) {
    std::vector<std::unique_ptr<Translator>> owned;
    std::vector<Translator*> translators;
    std::vector<std::string> names;
    for (const CompareItem& item : items) {
        const std::string checkpoint = item.is_run ? preferred_checkpoint(item.path) : item.path;
        if (checkpoint.empty())
            throw UsageError(item.path +
                             " has no checkpoint to decode with (best.tfw or last.tfw)");
        owned.push_back(std::make_unique<Translator>(load_model(checkpoint, args.get("device"))));
        translators.push_back(owned.back().get());
        names.push_back(item.label);
    }
    const DecodeOptions options =
        decode_options_from_args(args, translators.front()->model().checkpoint.config.decode);
    const auto decoded =
        decode_side_by_side(translators, args.get("decode"),
                            args.has("reference") ? args.get("reference") : "", options);
    std::cout << "\n"
              << heading(format, "Decoding \"" + args.get("decode") + "\"")
              << format_table(side_by_side_outputs_table(*decoded, names), format) << "\n"
              << heading(format, "Cross-scores (log-probability, EOS included)")
              << format_table(cross_score_table(*decoded, names), format);
}

int compare(const std::vector<std::string>& argv) {
    Args args("compare",
              "Compares runs and checkpoints: the configuration keys in which they differ, and "
              "their\nsize, training and validation numbers and latest evaluation scores (the "
              "best value of\neach row in bold). With --decode, also one input decoded by each "
              "and\nevery output scored by every checkpoint.");
    args.positionals_rest("RUN_DIR|CHECKPOINT|SWEEP_DIR",
                          "run folders or .tfw checkpoints (two or more); a sweep folder stands "
                          "for its finished runs")
        .option("format", "FORMAT", "md, csv or latex", "md")
        .flag("all", "list every configuration key, not only those that differ")
        .option("decode", "TEXT",
                "also decode TEXT with every item (a run: its best checkpoint, else last) with "
                "the first one's decoding settings, and cross-score the outputs")
        .option("reference", "TEXT", "with --decode: a reference output to score as well");
    add_decode_options(args);
    if (!args.parse(argv)) return 0;
    TableFormat format;
    try {
        format = parse_table_format(args.get("format"));
    } catch (const std::invalid_argument& e) {
        throw UsageError(std::string("--format: ") + e.what());
    }
    std::vector<std::string> paths;
    for (const auto& path : args.positionals()) {
        if (!is_sweep_dir(path)) {
            paths.push_back(path);
            continue;
        }
        for (const auto& run : finished_run_dirs(path)) paths.push_back(run);
    }
    if (paths.size() < 2)
        throw UsageError("give two or more run folders or checkpoints to compare");

    std::vector<CompareItem> items;
    for (const auto& path : paths) items.push_back(load_compare_item(path));
    std::vector<nlohmann::json> configs;
    std::vector<std::string> names;
    for (const auto& item : items) {
        configs.push_back(item.config);
        names.push_back(item.label);
    }

    const bool all = args.has("all");
    const ComparisonTable diff = config_diff(configs, names, all);
    std::cout << heading(format, all ? "Configuration" : "Configuration differences");
    if (diff.rows.empty())
        std::cout << (format == TableFormat::Latex ? "% " : "") << "(identical configurations)\n";
    else
        std::cout << format_table(diff, format);
    std::cout << "\n" << heading(format, "Metrics") << format_table(metrics_table(items), format);

    const auto notes = comparison_notes(items);
    if (!notes.empty()) std::cout << "\n";
    for (const auto& note : notes)
        std::cout << (format == TableFormat::Markdown ? "> Note: "
                      : format == TableFormat::Latex  ? "% Note: "
                                                      : "Note: ")
                  << note << "\n";
    if (args.has("decode")) print_side_by_side(args, items, format);
    return 0;
}

const bool registered = register_command(
    {"compare", "compare runs and checkpoints (configuration and metrics)", compare});

}  // namespace
}  // namespace tfw::cli
