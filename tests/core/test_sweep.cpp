// Sweeps (ablation studies): parsing and expanding a sweep, the problems that keep it from
// starting, equal budgets, a 2x2 grid over 2 seeds whose table matches the runs' own histories,
// exported tables that parse, Welch's t-test, and a sweep killed in the middle that resumes
// without training its finished runs again.
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include <nlohmann/json.hpp>

#include "core/config/config_io.h"
#include "core/eval/evaluation_reader.h"
#include "core/io/run_directory.h"
#include "core/sweep/sweep_presets.h"
#include "core/sweep/sweep_report.h"
#include "core/sweep/sweep_runner.h"
#include "core/train/trainer.h"

#include "tests/core/test_support.h"

using namespace tfw;

namespace {

// The demo experiment made tiny: a model that trains in a fraction of a second per run.
ExperimentConfig tiny_demo() {
    ExperimentConfig c = load_preset("demo");
    for (const char* setting :
         {"model.d_model=32", "model.heads=2", "model.encoder_layers=1", "model.decoder_layers=1",
          "model.ffn_dim=64", "model.max_positions=32", "train.batch_tokens=400",
          "train.valid_every=6", "train.log_every=2", "train.warmup_steps=4", "train.threads=1",
          "train.device=cpu", "train.snapshot_every=-1"})
        apply_override(c, setting);
    return c;
}

SweepSpec two_by_two(int steps) {
    SweepSpec spec;
    spec.base = to_json(tiny_demo());
    spec.axes = {parse_sweep_axis("model.heads=1,2"), parse_sweep_axis("model.ffn_dim=32,64")};
    spec.seeds = {1, 2};
    spec.budget = parse_sweep_budget("steps=" + std::to_string(steps));
    return spec;
}

std::string read_text(const std::string& file) {
    std::ifstream in(file);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

// RFC 4180 rows (quoted fields may hold commas and doubled quotes).
std::vector<std::vector<std::string>> parse_csv(const std::string& text) {
    std::vector<std::vector<std::string>> rows(1);
    std::string field;
    bool quoted = false;
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (quoted) {
            if (c == '"' && i + 1 < text.size() && text[i + 1] == '"')
                field += text[++i];
            else if (c == '"')
                quoted = false;
            else
                field += c;
        } else if (c == '"') {
            quoted = true;
        } else if (c == ',') {
            rows.back().push_back(field);
            field.clear();
        } else if (c == '\n') {
            rows.back().push_back(field);
            field.clear();
            rows.emplace_back();
        } else {
            field += c;
        }
    }
    if (rows.back().empty()) rows.pop_back();
    return rows;
}

size_t count_of(const std::string& text, const std::string& what) {
    size_t n = 0;
    for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

double best_loss(const std::string& run_dir) {
    double best = INFINITY;
    for (const auto& v : read_history(run_dir).validations) best = std::min(best, v.loss);
    return best;
}

}  // namespace

class TestSweep : public QObject {
    Q_OBJECT

    QTemporaryDir tmp_;
    std::string path(const std::string& name) { return tmp_.filePath(name.c_str()).toStdString(); }

  private Q_SLOTS:
    void parsesValuesRangesBudgetsAndSeeds() {
        QCOMPARE(parse_sweep_axis("model.heads=1,2,4,8").values,
                 (std::vector<std::string>{"1", "2", "4", "8"}));
        QCOMPARE(parse_sweep_axis("model.dropout=0:0.3:0.1").values,
                 (std::vector<std::string>{"0", "0.1", "0.2", "0.3"}));
        QCOMPARE(parse_sweep_axis("model.encoder_layers=1:7:2").values,
                 (std::vector<std::string>{"1", "3", "5", "7"}));
        QCOMPARE(parse_sweep_axis("train.betas=0.9,0.98;0.9,0.999").values.size(), size_t(2));
        QVERIFY_THROWS_EXCEPTION(ConfigError, parse_sweep_axis("model.headz=1,2"));
        QVERIFY_THROWS_EXCEPTION(ConfigError, parse_sweep_axis("model.heads=1.5:3:0.5"));
        QVERIFY_THROWS_EXCEPTION(ConfigError, parse_sweep_axis("model.heads=2,2"));
        QVERIFY_THROWS_EXCEPTION(ConfigError, parse_sweep_axis("model.heads"));
        QCOMPARE(parse_sweep_budget("steps=600").amount, 600.0);
        QVERIFY(parse_sweep_budget("minutes=2.5").kind == BudgetKind::Minutes);
        QVERIFY_THROWS_EXCEPTION(ConfigError, parse_sweep_budget("epochs=3"));
        QVERIFY_THROWS_EXCEPTION(ConfigError, parse_sweep_budget("steps=0"));
        // Said in English by tfw, and as a pattern the window translates.
        const Phrase minutes = describe_budget(parse_sweep_budget("minutes=2.5"));
        QCOMPARE(minutes.text(), std::string("2.5 minutes"));
        QCOMPARE(minutes.pattern, std::string("%1 minutes"));
        QCOMPARE(describe_budget(parse_sweep_budget("steps=600")).text(), std::string("600 steps"));
        QCOMPARE(describe_budget(parse_sweep_budget("none")).context, std::string("SweepBudget"));
        QCOMPARE(parse_seed_list("1,2,3"), (std::vector<int>{1, 2, 3}));
        QCOMPARE(parse_seed_list("4:6"), (std::vector<int>{4, 5, 6}));
        QVERIFY_THROWS_EXCEPTION(ConfigError, parse_seed_list("1,x"));
    }

    void expandsGridAndOneAtATime() {
        SweepSpec spec = two_by_two(10);
        auto variants = expand_variants(spec);
        QCOMPARE(variants.size(), size_t(4));
        QCOMPARE(variants[0].label, std::string("heads=1, ffn_dim=32"));
        QCOMPARE(variants[3].label, std::string("heads=2, ffn_dim=64"));
        QVERIFY(variants[3].baseline);  // the combination the base experiment has
        QCOMPARE(std::count_if(variants.begin(), variants.end(),
                               [](const SweepVariant& v) { return v.baseline; }),
                 1);

        spec.design = SweepDesign::OneAtATime;
        variants = expand_variants(spec);
        // The baseline, heads=1 and ffn_dim=32: the base's own values are the baseline.
        QCOMPARE(variants.size(), size_t(3));
        QVERIFY(variants[0].baseline && variants[0].settings.empty());
        QCOMPARE(variants[1].label, std::string("heads=1"));

        const ExperimentConfig config = run_config(spec, variants[2], 7);
        QCOMPARE(config.model.ffn_dim, 32);
        QCOMPARE(config.model.heads, 2);
        QCOMPARE(config.train.seed, 7);
        QCOMPARE(config.train.max_steps, 10);
        QCOMPARE(sweep_seeds(spec), (std::vector<int>{1, 2}));
    }

    // A 60-step budget with validation every 100 steps drew curves (and bands) of one point:
    // a step budget shorter than two validation intervals validates every budget/5 steps.
    void aShortStepBudgetStillValidatesFiveTimes() {
        SweepSpec spec = two_by_two(60);
        spec.base["train"]["valid_every"] = 100;
        const auto variants = expand_variants(spec);
        QCOMPARE(run_config(spec, variants[0], 1).train.valid_every, 12);
        spec.base["train"]["valid_every"] = 0;  // once per epoch: longer than the budget here
        QCOMPARE(run_config(spec, variants[0], 1).train.valid_every, 12);
        spec.base["train"]["valid_every"] = 31;  // one validation and the final one
        QCOMPARE(run_config(spec, variants[0], 1).train.valid_every, 12);
        spec.base["train"]["valid_every"] = 30;  // two: kept
        QCOMPARE(run_config(spec, variants[0], 1).train.valid_every, 30);
        spec.budget = parse_sweep_budget("steps=3");
        QCOMPARE(run_config(spec, variants[0], 1).train.valid_every, 1);
    }

    void variesLinkedKeysTogether() {
        SweepSpec spec = two_by_two(10);
        spec.axes = {parse_sweep_axis("model.encoder_layers+model.decoder_layers=1,3")};
        const auto variants = expand_variants(spec);
        QCOMPARE(variants.size(), size_t(2));
        QCOMPARE(variants[1].label, std::string("encoder_layers+decoder_layers=3"));
        const ExperimentConfig config = run_config(spec, variants[1], 1);
        QCOMPARE(config.model.encoder_layers, 3);
        QCOMPARE(config.model.decoder_layers, 3);
        QVERIFY_THROWS_EXCEPTION(ConfigError, parse_sweep_axis("model.heads+model.norm=1,2"));
        spec.axes.push_back(parse_sweep_axis("model.decoder_layers=2,4"));  // varied twice
        QVERIFY(!sweep_problems(spec).empty());

        // Keys of different kinds take one value each: a gated block at its own width.
        spec.axes = {parse_sweep_axis("model.activation+model.ffn_dim=swiglu+40,geglu+48")};
        const ExperimentConfig gated = run_config(spec, expand_variants(spec)[1], 1);
        QVERIFY(gated.model.activation == Activation::Geglu);
        QCOMPARE(gated.model.ffn_dim, 48);
        QVERIFY_THROWS_EXCEPTION(ConfigError,
                                 parse_sweep_axis("model.activation+model.ffn_dim=swiglu"));
    }

    // Cumulative: the baseline, then each axis's value on top of the ones before.
    void expandsACumulativeWalk() {
        SweepSpec spec = two_by_two(10);
        spec.design = SweepDesign::Cumulative;
        spec.axes = {parse_sweep_axis("model.norm=post"), parse_sweep_axis("model.heads=4"),
                     parse_sweep_axis("model.positional=rope")};
        const auto variants = expand_variants(spec);
        QCOMPARE(variants.size(), size_t(4));
        QVERIFY(variants[0].baseline && variants[0].settings.empty());
        QCOMPARE(variants[2].label, std::string("+ heads=4"));
        QCOMPARE(variants[3].settings.size(), size_t(3));
        const ExperimentConfig last = run_config(spec, variants[3], 1);
        QVERIFY(last.model.norm == NormPlacement::Post && last.model.heads == 4 &&
                last.model.positional == Positional::Rope);
        QVERIFY(run_config(spec, variants[1], 1).model.positional != Positional::Rope);
        QVERIFY(sweep_problems(spec).empty());
        QCOMPARE(parse_sweep_design("cumulative"), SweepDesign::Cumulative);
        QCOMPARE(std::string(sweep_design_name(SweepDesign::Cumulative)),
                 std::string("cumulative"));
        spec.axes.push_back(parse_sweep_axis("model.dropout=0.1,0.2"));  // two values: no step
        QVERIFY(!sweep_problems(spec).empty());
    }

    // Every built-in ablation loads, says what it is, and would start.
    void builtInAblationsAreValid() {
        QVERIFY(sweep_preset_names().size() >= 6);
        for (const auto& name : sweep_preset_names()) {
            const SweepPreset preset = load_sweep_preset(name);
            QVERIFY2(preset.description.size() > 40, name.c_str());
            QVERIFY2(preset.spec.budget.kind != BudgetKind::Unlimited, name.c_str());
            QVERIFY2(sweep_seeds(preset.spec).size() >= 2, name.c_str());
            const auto problems = sweep_problems(preset.spec);
            QVERIFY2(problems.empty(),
                     (name + ": " + (problems.empty() ? "" : problems[0].message.text())).c_str());
        }
        QCOMPARE(expand_variants(load_sweep_preset("reverse-positional").spec).size(), size_t(3));
        QVERIFY_THROWS_EXCEPTION(ConfigError, load_sweep_preset("no-such-sweep"));
    }

    void namesTheVariantsTheConfigRejects() {
        SweepSpec spec = two_by_two(10);
        spec.axes[0] = parse_sweep_axis("model.heads=2,3");  // 3 does not divide d_model 32
        const auto problems = sweep_problems(spec);
        QCOMPARE(problems.size(), size_t(2));  // heads=3 with either ffn_dim
        for (const auto& problem : problems) {
            QVERIFY2(problem.message.text().find("model.heads=3") != std::string::npos,
                     problem.message.text().c_str());
            QVERIFY(problem.message.text().find("d_model") != std::string::npos);
        }
        QVERIFY_THROWS_EXCEPTION(ConfigError, create_sweep(spec, path("rejected")));
        QVERIFY(!std::filesystem::exists(path("rejected") + "/sweep.json"));

        spec.axes = {parse_sweep_axis("model.positional=learned,rotary")};
        QCOMPARE(sweep_problems(spec).size(), size_t(1));
        QVERIFY(sweep_problems(spec)[0].message.text().find("model.positional=rotary") !=
                std::string::npos);
        spec.axes.clear();
        QVERIFY(!sweep_problems(spec).empty());
    }

    void budgetsEndRunsAtTokensAndMinutes() {
        ExperimentConfig c = tiny_demo();
        c.train.max_steps = 0;
        c.train.max_tokens = 3000;
        struct : TrainingObserver {
            std::vector<StepReport> steps;
            void on_step(const StepReport& r) override { steps.push_back(r); }
        } observer;
        TrainingControl control;
        TrainingFinished f = train_new(c, path("tokens"), observer, control);
        QVERIFY(f.reason == FinishReason::Completed);
        QVERIFY2(f.message.find("max_tokens") != std::string::npos, f.message.c_str());
        const auto history = read_history(path("tokens"));
        QVERIFY(history.steps.back().tokens_seen >= 3000);
        QVERIFY(history.steps.back().tokens_seen < 3000 + 400);  // stopped at the first step over

        c.train.max_tokens = 0;
        c.train.max_minutes = 0.002;  // 0.12 s
        f = train_new(c, path("minutes"), observer, control);
        QVERIFY(f.reason == FinishReason::Completed);
        QVERIFY2(f.message.find("max_minutes") != std::string::npos, f.message.c_str());
        QVERIFY(read_run_status(path("minutes")).elapsed_s >= 0.12);
    }

    void computesSeedStatisticsAndWelch() {
        const SeedStats a = seed_stats({1, 2, 3, 4, 5}), b = seed_stats({3, 4, 5, 6, 7, NAN});
        QCOMPARE(a.mean, 3.0);
        QVERIFY(std::fabs(a.std - std::sqrt(2.5)) < 1e-12);
        QCOMPARE(b.n(), size_t(5));
        // References integrate the t density numerically: t = -2 with 8 degrees of freedom,
        // two-sided p = 0.080516; t = -9.878 with 3.806 degrees of freedom, p = 0.000752.
        QVERIFY(std::fabs(welch_p_value(a, b) - 0.080516) < 1e-5);
        QVERIFY(std::fabs(welch_p_value(seed_stats({1, 2, 3}), seed_stats({10, 11, 12.5})) -
                          0.000752) < 1e-5);
        QVERIFY(std::isnan(welch_p_value(seed_stats({1}), b)));
        QCOMPARE(welch_p_value(seed_stats({2, 2}), seed_stats({2, 2})), 1.0);
    }

    // The acceptance case: 2 x 2 variants x 2 seeds = 8 runs; the table's means and standard
    // deviations are those of the runs' own histories and saved evaluations.
    void gridOverSeedsMatchesTheRunsHistories() {
        const std::string dir = path("grid");
        const SweepState created = create_sweep(two_by_two(12), dir);
        QCOMPARE(created.runs.size(), size_t(8));
        SweepObserver quiet;
        SweepControl control;
        const SweepOutcome outcome = run_sweep(dir, quiet, control);
        QCOMPARE(outcome.done, size_t(8));
        QCOMPARE(outcome.failed, size_t(0));

        const SweepState state = load_sweep(dir);
        const SweepReport report = build_sweep_report(dir);
        QCOMPARE(report.variants.size(), size_t(4));
        size_t loss_column = 0, bleu_column = report.quantities.size();
        for (size_t q = 0; q < report.quantities.size(); ++q) {
            if (report.quantities[q].key == "valid_loss") loss_column = q;
            if (report.quantities[q].key == "bleu") bleu_column = q;
        }
        QVERIFY2(bleu_column < report.quantities.size(), "the runs were evaluated for BLEU");
        QCOMPARE(report.quantities[report.headline].key, std::string("bleu"));
        for (size_t v = 0; v < 4; ++v) {
            std::vector<double> losses, bleus;
            for (size_t r = 0; r < state.runs.size(); ++r) {
                if (state.runs[r].variant != v) continue;
                QCOMPARE(read_run_status(state.run_dir(r)).step, int64_t(12));
                losses.push_back(best_loss(state.run_dir(r)));
                const auto evals = read_evaluations(state.run_dir(r));
                QCOMPARE(evals.size(), size_t(1));
                QCOMPARE(evals[0].split, std::string("valid"));
                bleus.push_back(evals[0].metric("bleu")->value);
            }
            QCOMPARE(losses.size(), size_t(2));
            const double mean = (losses[0] + losses[1]) / 2;
            const double std = std::fabs(losses[0] - losses[1]) / std::sqrt(2.0);
            const SeedStats& loss = report.variants[v].quantities[loss_column];
            QVERIFY(std::fabs(loss.mean - mean) < 1e-9);
            QVERIFY(std::fabs(loss.std - std) < 1e-9);
            QVERIFY(losses[0] != losses[1]);  // the seeds differ
            QVERIFY(std::fabs(report.variants[v].quantities[bleu_column].mean -
                              (bleus[0] + bleus[1]) / 2) < 1e-9);
        }
        const VariantResult& other = report.variants[0];
        const VariantResult& base = report.variants[report.baseline];
        QVERIFY(std::fabs(other.delta - (other.quantities[bleu_column].mean -
                                         base.quantities[bleu_column].mean)) < 1e-9);
        QVERIFY(!std::isnan(other.p_value));
        QCOMPARE(other.within_noise, other.p_value >= 0.05);

        // Curves: every variant's validation steps 6 and 12, a band over both seeds.
        const auto curves = validation_curves(report);
        QCOMPARE(curves.size(), size_t(4));
        QCOMPARE(curves[0].steps, (std::vector<int64_t>{6, 12}));

        checkExports(report);

        // How each run ended is its own status's Phrase (the window shows it translated);
        // sweep.json keeps the English text beside it, and a file with the text alone still
        // reads, verbatim.
        for (size_t r = 0; r < state.runs.size(); ++r) {
            const Phrase& message = state.runs[r].message;
            const Phrase status = read_run_status(state.run_dir(r)).message;
            QCOMPARE(message.context, std::string("RunStatus"));
            QCOMPARE(message.pattern, status.pattern);
            QCOMPARE(message.args, status.args);
        }
        const std::string file = dir + "/sweep.json";
        auto json = nlohmann::json::parse(read_text(file));
        QCOMPARE(json["runs"][0]["message"].get<std::string>(), state.runs[0].message.text());
        QVERIFY(json["runs"][0].contains("message_phrase"));
        for (auto& run : json["runs"]) run.erase("message_phrase");
        std::ofstream(file) << json.dump(2);
        const Phrase old = load_sweep(dir).runs[0].message;
        QVERIFY(old.context.empty());
        QCOMPARE(old.text(), state.runs[0].message.text());
    }

    // A real process killed mid-sweep: `tfw sweep resume` keeps the finished run untouched and
    // continues the rest.
    void killedSweepResumesWithoutRetraining() {
        const std::string dir = path("killed");
        QProcess process;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert("OMP_NUM_THREADS", "1");
        process.setProcessEnvironment(environment);
        process.start(TFW_CLI_PATH, {"sweep",
                                     "--preset",
                                     "demo",
                                     "--set",
                                     "model.d_model=32",
                                     "--set",
                                     "model.heads=2",
                                     "--set",
                                     "model.encoder_layers=1",
                                     "--set",
                                     "model.decoder_layers=1",
                                     "--set",
                                     "model.ffn_dim=64",
                                     "--set",
                                     "train.batch_tokens=400",
                                     "--set",
                                     "train.valid_every=20",
                                     "--set",
                                     "train.threads=1",
                                     "--set",
                                     "train.device=cpu",
                                     "--vary",
                                     "model.dropout=0,0.1,0.2",
                                     "--budget",
                                     "steps=400",
                                     "--no-eval",
                                     "--out",
                                     QString::fromStdString(dir)});
        QVERIFY(process.waitForStarted());
        // Wait until the first run is done and the second has a checkpoint, then kill.
        bool ready = false;
        for (int i = 0; i < 1200 && !ready; ++i) {
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
            if (!is_sweep_dir(dir)) continue;
            try {
                const SweepState state = load_sweep(dir);
                ready = state.runs[0].state == SweepRunState::Done &&
                        std::filesystem::exists(RunPaths(state.run_dir(1)).last_checkpoint());
            } catch (const ConfigError&) {  // sweep.json being replaced
            }
        }
        QVERIFY2(ready, "the first run finished and the second saved a checkpoint");
        process.kill();
        process.waitForFinished();

        const SweepState killed = load_sweep(dir);
        QVERIFY(killed.runs[1].state == SweepRunState::Running);  // as the crash left it
        const std::string first_history = read_text(RunPaths(killed.run_dir(0)).history());
        const auto first_written =
            std::filesystem::last_write_time(RunPaths(killed.run_dir(0)).history());

        const test::CliRun resumed =
            test::run_tfw({"sweep", "resume", QString::fromStdString(dir)});
        QVERIFY2(resumed.exit_code == 0, resumed.err.c_str());
        QVERIFY2(resumed.out.find("continues at step") != std::string::npos, resumed.out.c_str());
        QVERIFY(resumed.out.find("[1/3]") == std::string::npos);  // the finished run is not touched
        QCOMPARE(read_text(RunPaths(killed.run_dir(0)).history()), first_history);
        QVERIFY(std::filesystem::last_write_time(RunPaths(killed.run_dir(0)).history()) ==
                first_written);
        const SweepState after = load_sweep(dir);
        QCOMPARE(after.count(SweepRunState::Done), size_t(3));
        for (size_t r = 0; r < 3; ++r)
            QCOMPARE(read_run_status(after.run_dir(r)).step, int64_t(400));

        const test::CliRun report =
            test::run_tfw({"sweep", "report", QString::fromStdString(dir), "--format", "csv"});
        QCOMPARE(report.exit_code, 0);
        QCOMPARE(parse_csv(report.out).size(), size_t(4));
        QCOMPARE(
            test::run_tfw({"sweep", "--preset", "demo", "--vary", "model.heads=3", "--dry-run"})
                .exit_code,
            2);
    }

  private:
    void checkExports(const SweepReport& report) {
        const auto csv = parse_csv(format_sweep_report(report, TableFormat::Csv));
        QCOMPARE(csv.size(), size_t(5));  // header + 4 variants
        for (const auto& row : csv) QCOMPARE(row.size(), csv[0].size());
        const auto mean_column =
            std::find(csv[0].begin(), csv[0].end(), "valid_loss_mean") - csv[0].begin();
        QVERIFY(size_t(mean_column) < csv[0].size());
        for (size_t r = 1; r < csv.size(); ++r)
            QVERIFY(std::fabs(std::stod(csv[r][size_t(mean_column)]) -
                              report.variants[r - 1].quantities[0].mean) < 1e-5);

        const std::string markdown = format_sweep_report(report, TableFormat::Markdown);
        std::istringstream lines(markdown);
        std::vector<std::string> table_lines;
        for (std::string line; std::getline(lines, line);)
            if (!line.empty() && line[0] == '|') table_lines.push_back(line);
        QCOMPARE(table_lines.size(), size_t(6));  // header, rule, 4 variants
        for (const auto& line : table_lines)
            QCOMPARE(count_of(line, "|") - count_of(line, "\\|"), count_of(table_lines[0], "|"));
        QVERIFY(markdown.find("\u00b1") != std::string::npos);
        QVERIFY(markdown.find("Welch") != std::string::npos);

        const std::string latex = format_sweep_report(report, TableFormat::Latex);
        QVERIFY(latex.find("\\toprule") != std::string::npos);
        QVERIFY(latex.find("\\bottomrule") != std::string::npos);
        QVERIFY(latex.find("$\\pm$") != std::string::npos);
        std::istringstream latex_lines(latex);
        size_t rows = 0, columns = 0;
        for (std::string line; std::getline(latex_lines, line);) {
            if (line.size() < 2 || line.substr(line.size() - 2) != "\\\\") continue;
            const size_t cells = count_of(line, "&") - count_of(line, "\\&") + 1;
            if (rows++ == 0) columns = cells;
            QCOMPARE(cells, columns);
        }
        QCOMPARE(rows, size_t(5));
    }
};

QTEST_GUILESS_MAIN(TestSweep)
#include "test_sweep.moc"
