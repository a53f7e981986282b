// tfw check: the sanity checks of an experiment (and optionally a trained checkpoint), as a
// table or JSON. Exit code 0 when nothing failed, 1 when a check failed, 2 for usage errors.
#include <cstdio>
#include <iostream>

#include "app/cli/args.h"
#include "app/cli/check_table.h"
#include "app/cli/command.h"
#include "app/cli/experiment_args.h"
#include "core/check/sanity_checks.h"
#include "core/config/config_io.h"
#include "core/io/checkpoint.h"

namespace tfw::cli {
namespace {

int check(const std::vector<std::string>& argv) {
    const CheckOptions defaults;
    Args args("check",
              "Sanity checks of an experiment before training it: initial loss, overfitting one "
              "batch, no causal leak, gradient norms per layer, attention entropy per head, and "
              "the data (lengths, unknown tokens, dropped pairs, duplicates between splits).\n"
              "Exit code 0 when no check failed, 1 when one did.");
    add_experiment_options(args, "the experiment");
    args.option("checkpoint", "FILE",
                "a trained model (.tfw): the leak, gradient and attention checks use its weights "
                "and tokenizers; alone, its experiment is checked")
        .option("overfit-steps", "N", "steps of the overfit-one-batch check",
                std::to_string(defaults.overfit_steps))
        .flag("quick", "only the quick checks run before every training: data, initial loss, leak")
        .flag("json", "print the results as JSON");
    if (!args.parse(argv)) return 0;
    const bool named = names_experiment(args);
    if (!named && !args.has("checkpoint"))
        throw UsageError("give --config, --preset or --checkpoint");

    CheckOptions options;
    options.quick_only = args.has("quick");
    options.overfit_steps = static_cast<int>(args.get_int("overfit-steps"));
    if (options.overfit_steps < 1) throw UsageError("--overfit-steps must be at least 1");
    if (args.has("checkpoint")) options.checkpoint = args.get("checkpoint");

    ExperimentConfig config;
    if (named) {
        config = experiment_from_args(args);
    } else {
        config = load_checkpoint_summary(options.checkpoint).config;
        apply_experiment_overrides(args, config);
    }
    require_valid(config);

    const bool json = args.has("json");
    const ChecksReport report =
        run_checks(config, options, [&](const std::string& title, int i, int count) {
            if (!json) std::fprintf(stderr, "[%d/%d] %s\n", i + 1, count, title.c_str());
        });
    if (json)
        std::cout << checks_json(report).dump(2) << "\n";
    else
        std::cout << checks_table(report);
    return report.all_passed() ? 0 : 1;
}

const bool registered =
    register_command({"check", "sanity checks of an experiment (before training it)", check});

}  // namespace
}  // namespace tfw::cli
