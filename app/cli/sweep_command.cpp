// tfw sweep: an ablation study from the command line. Defines a sweep folder from a preset or
// config and --vary options and trains its runs (core/sweep/sweep_runner.h); `resume` continues
// one, `report` prints its table, `status` its queue.
#include <fstream>
#include <iostream>

#include "app/cli/args.h"
#include "app/cli/command.h"
#include "app/cli/experiment_args.h"
#include "app/cli/sweep_printer.h"
#include "app/cli/terminal_observer.h"
#include "core/config/config_io.h"
#include "core/io/run_directory.h"
#include "core/sweep/sweep_estimate.h"
#include "core/sweep/sweep_presets.h"
#include "core/sweep/sweep_report.h"
#include "core/sweep/sweep_runner.h"

namespace tfw::cli {
namespace {

int print_outcome(const std::string& dir, const SweepOutcome& outcome) {
    std::cout << outcome.done << " done, " << outcome.failed << " failed, " << outcome.skipped
              << " skipped, " << outcome.pending << " pending\n";
    if (outcome.pending > 0) std::cout << "continue with: tfw sweep resume " << dir << "\n";
    if (outcome.done > 0)
        std::cout << "\n" << format_sweep_report(build_sweep_report(dir), TableFormat::Markdown);
    return outcome.failed > 0 ? 1 : 0;
}

int run_and_report(const std::string& dir) {
    SweepPrinter printer;
    SweepControl control;
    stop_on_interrupt(control.stop);
    return print_outcome(dir, run_sweep(dir, printer, control));
}

SweepSpec spec_from_args(const Args& args) {
    if (args.has("config") + args.has("preset") + args.has("ablation") != 1)
        throw UsageError("give exactly one of --config, --preset or --ablation");
    SweepSpec spec;
    ExperimentConfig config;
    try {
        if (args.has("ablation")) {
            spec = load_sweep_preset(args.get("ablation")).spec;
            config = config_from_json(spec.base);
            apply_experiment_overrides(args, config);
        } else {
            config = experiment_from_args(args);
        }
        spec.base = to_json(config);
        if (args.has("vary")) spec.axes.clear();  // replaces an ablation's own
        for (const auto& vary : args.all("vary")) spec.axes.push_back(parse_sweep_axis(vary));
        if (args.has("seeds")) spec.seeds = parse_seed_list(args.get("seeds"));
        if (args.has("budget")) spec.budget = parse_sweep_budget(args.get("budget"));
    } catch (const ConfigError& e) {
        throw UsageError(e.what());
    }
    if (args.has("design")) {
        const std::string design = args.get("design");
        if (design != "grid" && design != "one-at-a-time" && design != "cumulative")
            throw UsageError("--design must be grid, one-at-a-time or cumulative, got '" + design +
                             "'");
        spec.design = design == "grid"            ? SweepDesign::Grid
                      : design == "one-at-a-time" ? SweepDesign::OneAtATime
                                                  : SweepDesign::Cumulative;
    }
    if (args.has("jobs")) spec.jobs = static_cast<int>(args.get_int("jobs"));
    if (args.has("no-eval")) spec.evaluate = false;
    return spec;
}

int list(const std::vector<std::string>& argv) {
    Args args("sweep list", "Lists the built-in ablations (tfw sweep --ablation NAME).");
    if (!args.parse(argv)) return 0;
    for (const auto& name : sweep_preset_names()) {
        const SweepPreset preset = load_sweep_preset(name);
        std::cout << name << "\n  " << preset.description << "\n";
    }
    return 0;
}

void print_plan(const SweepSpec& spec) {
    const auto variants = expand_variants(spec);
    const auto seeds = sweep_seeds(spec);
    std::cout << variants.size() << " variants x " << seeds.size()
              << " seed(s) = " << variants.size() * seeds.size() << " runs, each for "
              << describe_budget(spec.budget).text() << ":\n";
    for (const auto& variant : variants)
        std::cout << "  " << variant.label << (variant.baseline ? "  (baseline)" : "") << "\n";
    std::cout << std::flush;
}

int define(const std::vector<std::string>& argv) {
    Args args(
        "sweep",
        "Trains every variant of an experiment over several seeds with the same budget, then\n"
        "prints a table of mean +- std per variant with the difference from the baseline.\n"
        "Runs go to OUT/runs/; OUT/sweep.json keeps the queue, so an interrupted sweep\n"
        "continues with 'tfw sweep resume OUT'. Also: 'tfw sweep report OUT', 'tfw sweep\n"
        "status OUT', 'tfw sweep list'. Ctrl+C stops after the current step (the run continues on "
        "resume).");
    add_experiment_options(args, "the base experiment");
    args.option("ablation", "NAME",
                "a built-in sweep (see tfw sweep list); the options below change it")
        .repeated("vary", "KEY=V1,V2|KEY=FIRST:LAST:STEP",
                  "a field and its values, e.g. --vary model.heads=1,2,4,8 or "
                  "--vary model.dropout=0:0.3:0.1 (repeat for a grid)")
        .option("seeds", "S1,S2|FIRST:LAST", "seeds of every variant (default: the config's)")
        .option("design", "grid|one-at-a-time|cumulative",
                "every combination (default), the base experiment plus one field changed at a "
                "time, or each --vary added on top of the ones before (one value each)")
        .option("budget", "steps=N|tokens=N|minutes=M|none",
                "what every run trains for (default none: each run's own epochs and max_steps)")
        .option("jobs", "N", "runs trained at the same time, each with cores/N threads (default 1)")
        .flag("no-eval", "skip decoding the validation set for BLEU/chrF/ROUGE after each run")
        .option("out", "DIR", "the sweep folder (new or empty)")
        .flag("dry-run", "print the variants, the problems and the time estimate; train nothing");
    if (!args.parse(argv)) return 0;
    const SweepSpec spec = spec_from_args(args);
    const auto problems = sweep_problems(spec);
    if (!problems.empty()) {
        std::cerr << "tfw sweep: the sweep cannot start:\n";
        for (const auto& problem : problems) std::cerr << "  " << problem.message.text() << "\n";
        return 2;
    }
    print_plan(spec);
    const SweepEstimate estimate = estimate_sweep_time(spec);
    std::cout << "estimated time: "
              << (estimate.known ? format_duration(estimate.seconds) + " (" + estimate.note + ")"
                                 : "unknown (" + estimate.note + ")")
              << "\n"
              << std::flush;
    if (args.has("dry-run")) return 0;
    if (!args.has("out")) throw UsageError("--out DIR is required (the sweep folder)");
    const SweepState state = create_sweep(spec, args.get("out"));
    std::cout << "sweep folder " << state.dir << "\n" << std::flush;
    return run_and_report(state.dir);
}

int resume(const std::vector<std::string>& argv) {
    Args args("sweep resume",
              "Continues a sweep: finished runs are kept, interrupted ones continue from their\n"
              "last checkpoint, the rest start.");
    args.positional("DIR", "the sweep folder")
        .flag("retry", "also run failed and skipped runs again");
    if (!args.parse(argv)) return 0;
    const std::string dir = args.positionals()[0];
    if (args.has("retry")) requeue_sweep_runs(dir);
    return run_and_report(dir);
}

int report(const std::vector<std::string>& argv) {
    Args args("sweep report",
              "Prints the sweep's results: a row per variant with mean +- std over seeds, the\n"
              "difference from the baseline and whether it is within seed noise.");
    args.positional("DIR", "the sweep folder")
        .option("format", "md|csv|latex", "table format", "md")
        .option("out", "FILE", "write the table here instead of printing it");
    if (!args.parse(argv)) return 0;
    TableFormat format;
    try {
        format = parse_table_format(args.get("format"));
    } catch (const std::invalid_argument& e) {
        throw UsageError(e.what());
    }
    const std::string text = format_sweep_report(build_sweep_report(args.positionals()[0]), format);
    if (!args.has("out")) {
        std::cout << text;
        return 0;
    }
    std::ofstream out(args.get("out"));
    out << text;
    if (!out) throw std::runtime_error("cannot write " + args.get("out"));
    return 0;
}

int status(const std::vector<std::string>& argv) {
    Args args("sweep status", "Prints the sweep's queue: every run with its state.");
    args.positional("DIR", "the sweep folder");
    if (!args.parse(argv)) return 0;
    const SweepState state = load_sweep(args.positionals()[0]);
    for (size_t run = 0; run < state.runs.size(); ++run) {
        const SweepRunEntry& entry = state.runs[run];
        const RunStatus run_status = read_run_status(state.run_dir(run));
        std::cout << to_string(entry.state) << "\t" << entry.folder << "\tstep " << run_status.step
                  << (entry.message.empty() ? "" : "\t" + entry.message.text()) << "\n";
    }
    std::cout << state.count(SweepRunState::Done) << " of " << state.runs.size() << " done\n";
    return 0;
}

int sweep(const std::vector<std::string>& argv) {
    if (!argv.empty() && argv[0] == "resume") return resume({argv.begin() + 1, argv.end()});
    if (!argv.empty() && argv[0] == "report") return report({argv.begin() + 1, argv.end()});
    if (!argv.empty() && argv[0] == "status") return status({argv.begin() + 1, argv.end()});
    if (!argv.empty() && argv[0] == "list") return list({argv.begin() + 1, argv.end()});
    return define(argv);
}

const bool registered =
    register_command({"sweep", "ablations: train variants over seeds, report mean +- std", sweep});

}  // namespace
}  // namespace tfw::cli
