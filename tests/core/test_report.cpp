// Course reports (core/report): a tiny run, a two-run comparison and a 2 × 2 sweep, checked
// against the runs' own files; every figure file parses; the Chinese report leaves no string
// untranslated; `tfw report` writes the files.
#include <QFile>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

#include <filesystem>
#include <fstream>
#include <regex>

#include "core/compare/metrics_table.h"
#include "core/config/config_io.h"
#include "core/config/number_text.h"
#include "core/config/phrase_catalog.h"
#include "core/decode/translator.h"
#include "core/eval/evaluation.h"
#include "core/eval/evaluation_reader.h"
#include "core/io/model_io.h"
#include "core/io/phrase_json.h"
#include "core/io/run_directory.h"
#include "core/report/report_builder.h"
#include "core/report/report_writers.h"
#include "core/sweep/sweep_report.h"
#include "core/sweep/sweep_runner.h"
#include "core/train/trainer.h"
#include "tests/core/test_support.h"
#include "tests/core/tiny_checkpoint.h"

using namespace tfw;
namespace fs = std::filesystem;

namespace {

std::string read_text(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

// A finished tiny run with a saved test-set evaluation (beam 2).
void train_evaluated_run(const std::string& dir, int heads) {
    ExperimentConfig c = test::tiny_reverse_run();
    c.model.heads = heads;
    c.train.snapshot_every = 4;
    TrainingObserver quiet;
    TrainingControl control;
    QCOMPARE(int(train_new(c, dir, quiet, control).reason), int(FinishReason::Completed));
    const std::string checkpoint = RunPaths(dir).best_checkpoint();
    Translator translator(load_model(checkpoint));
    DecodeOptions options = decode_options_from(c.decode);
    options.beam = 2;
    const auto evaluation = evaluate(translator, checkpoint, evaluation_split(c, "test"), options);
    QVERIFY(evaluation.has_value());
    save_evaluation(dir, *evaluation);
}

bool has_cjk(const std::string& text) {
    return text.find("\xe5") != std::string::npos || text.find("\xe6") != std::string::npos ||
           text.find("\xe8") != std::string::npos || text.find("\xe9") != std::string::npos;
}

// Every figure the document names exists as SVG (well-formed XML) and PDF (header, trailer).
void check_figures(const ReportDocument& doc, const fs::path& dir, size_t at_least) {
    size_t figures = 0;
    for (const ReportBlock& block : doc.blocks) {
        if (block.kind != ReportBlock::Kind::Figure) continue;
        ++figures;
        const fs::path svg = dir / "figures" / (block.figure.name + ".svg");
        const fs::path pdf = dir / "figures" / (block.figure.name + ".pdf");
        QVERIFY2(fs::exists(svg), svg.c_str());
        QXmlStreamReader xml(QByteArray::fromStdString(read_text(svg)));
        while (!xml.atEnd()) xml.readNext();
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        const std::string bytes = read_text(pdf);
        QVERIFY2(bytes.rfind("%PDF-1.", 0) == 0, pdf.c_str());
        QVERIFY(bytes.find("%%EOF") != std::string::npos);
        const std::string tex = read_text(dir / "report.tex");
        QVERIFY(tex.find("figures/" + block.figure.name + ".pdf") != std::string::npos);
        const std::string html = read_text(dir / "report.html");
        QVERIFY(html.find("figures/" + block.figure.name + ".svg") != std::string::npos);
    }
    QVERIFY(figures >= at_least);
}

// The Markdown table row whose first cell is `label` (cells trimmed, ** removed).
std::vector<std::string> markdown_row(const std::string& markdown, const std::string& label) {
    std::istringstream lines(markdown);
    for (std::string line; std::getline(lines, line);) {
        if (line.rfind("| ", 0) != 0) continue;
        std::vector<std::string> cells;
        std::string cell;
        for (size_t i = 1; i < line.size(); ++i) {
            if (line[i] == '|' && line[i - 1] != '\\') {
                cell = std::regex_replace(cell, std::regex(R"(^\s+|\s+$|\*\*)"), "");
                cell = std::regex_replace(cell, std::regex(R"(\\\|)"), "|");
                cells.push_back(cell);
                cell.clear();
            } else {
                cell += line[i];
            }
        }
        if (!cells.empty() && cells.front() == label) return cells;
    }
    return {};
}

}  // namespace

class ReportTest : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::string path(const char* name) { return m_dir.filePath(name).toStdString(); }

  private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        train_evaluated_run(path("runs/heads2"), 2);
        train_evaluated_run(path("runs/heads4"), 4);
    }

    // Every number of the one-run report is the run's: steps, parameters, the evaluation's
    // metrics with sacreBLEU's signature, the best validation loss its checkpoint was kept for.
    void oneRunReportHasTheRunsNumbers() {
        const std::string run = path("runs/heads2");
        const ReportText text("en");
        ReportRequest request;
        request.paths = {run};
        const ReportDocument doc = build_report(request, text);
        const std::string md = report_markdown(doc);

        const RunStatus status = read_run_status(run);
        QCOMPARE(markdown_row(md, "steps trained").at(1), grouped_integer(status.step));
        const CompareItem item = load_compare_item(run);
        QCOMPARE(markdown_row(md, "parameters").at(1), grouped_integer(item.parameters));
        QCOMPARE(markdown_row(md, "target tokens seen").at(1), grouped_integer(item.tokens_seen));
        // As the run's log says where it trained.
        QVERIFY(markdown_row(md, "device").at(1).rfind("cpu", 0) == 0);
        QVERIFY(!markdown_row(md, "precision").at(1).empty());

        const auto evaluations = read_evaluations(run);
        QCOMPARE(evaluations.size(), size_t(1));
        const Evaluation& e = evaluations.front();
        const auto bleu = markdown_row(md, "BLEU");
        QCOMPARE(bleu.at(1), fixed(e.metric("bleu")->value, 2));
        QVERIFY(bleu.at(2).find(e.metric("bleu")->signature) != std::string::npos);
        QVERIFY(e.metric("bleu")->signature.find("tok:13a") != std::string::npos);
        QCOMPARE(markdown_row(md, "chrF").at(1), fixed(e.metric("chrf")->value, 2));
        QCOMPARE(markdown_row(md, "loss").at(1), fixed(e.loss.loss(), 4));
        QCOMPARE(markdown_row(md, "perplexity").at(1), fixed(e.loss.perplexity(), 2));
        QVERIFY(md.find("beam search, beam 2") != std::string::npos);
        QVERIFY(md.find("best validation loss (" + fixed(status.best_valid_loss, 4) +
                        ") at step") != std::string::npos);
        // The sanity checks as checks.json has them, one row each.
        const auto checks = nlohmann::json::parse(read_text(RunPaths(run).checks()));
        for (const auto& check : checks["checks"]) {
            const auto row = markdown_row(md, check["title"].get<std::string>());
            QVERIFY2(row.size() == 3, check["title"].get<std::string>().c_str());
            QCOMPARE(row.at(2), check["figure"].get<std::string>());
        }
        // Best and worst sentences by sentence BLEU, from the saved per-sentence scores.
        QVERIFY(md.find("## Sample outputs") != std::string::npos);
        QVERIFY(md.find("## Attention") != std::string::npos);
        QVERIFY(md.find("over training on the run's probe") != std::string::npos);
        QVERIFY(md.find("tfw train --config config.json") != std::string::npos);
        QVERIFY(md.find("The built-in reverse task (no files)") != std::string::npos);

        const fs::path out = path("report-one");
        const auto written = write_report(doc, out.string(), parse_report_formats("all"));
        QCOMPARE(written.front(), (out / "report.html").string());
        // Schedule, four training curves, the layer × head grid, two heads, the strip.
        check_figures(doc, out, 9);
        QCOMPARE(nlohmann::json::parse(read_text(out / "config.json")),
                 nlohmann::json::parse(read_text(RunPaths(run).config())));
        const std::string bib = read_text(out / "references.bib");
        for (const char* key : {"vaswani2017attention", "post2018call", "popovic2015chrf",
                                "xiong2020layer", "szegedy2016rethinking"})
            QVERIFY2(bib.find(key) != std::string::npos, key);
        QVERIFY(bib.find("lin2004rouge") == std::string::npos);  // no ROUGE was computed
    }

    void missingEvaluationIsSaid() {
        const std::string run = path("runs/unevaluated");
        ExperimentConfig c = test::tiny_reverse_run();
        TrainingObserver quiet;
        TrainingControl control;
        train_new(c, run, quiet, control);
        ReportRequest request;
        request.paths = {run};
        const std::string md = report_markdown(build_report(request, ReportText("en")));
        QVERIFY(
            md.find("No saved evaluation on the test set. To make one: `tfw eval --checkpoint") !=
            std::string::npos);
        QVERIFY(md.find("## Sample outputs") == std::string::npos);
    }

    // Two runs: the setting that differs and the numbers side by side, each the run's own.
    void comparisonOfTwoRuns() {
        ReportRequest request;
        request.paths = {path("runs/heads2"), path("runs/heads4")};
        const ReportDocument doc = build_report(request, ReportText("en"));
        const std::string md = report_markdown(doc);
        QCOMPARE(doc.title, std::string("Comparison of 2 runs"));
        QCOMPARE(markdown_row(md, "`model.heads`"),
                 (std::vector<std::string>{"`model.heads`", "2", "4"}));
        const auto parameters = markdown_row(md, "parameters");
        QCOMPARE(parameters.at(1), grouped_integer(load_compare_item(request.paths[0]).parameters));
        QCOMPARE(parameters.at(2), grouped_integer(load_compare_item(request.paths[1]).parameters));
        const auto bleu = markdown_row(md, "BLEU");
        for (size_t i = 0; i < 2; ++i)
            QCOMPARE(bleu.at(i + 1),
                     fixed(read_evaluations(request.paths[i]).front().metric("bleu")->value, 2));
        // One evaluation section per run, and a config file per run beside the report.
        bool heads2 = false, heads4 = false;
        for (const ReportAttachment& a : doc.attachments) {
            heads2 = heads2 || a.name == "config-heads2.json";
            heads4 = heads4 || a.name == "config-heads4.json";
        }
        QVERIFY(heads2 && heads4);
        const fs::path out = path("report-two");
        write_report(doc, out.string(), parse_report_formats("all"));
        check_figures(doc, out, 8);
    }

    // A 2 × 2 sweep over two seeds: mean ± std of each variant's best validation loss as the
    // runs' statuses give it, and the command that trains it again.
    void sweepReportHasMeanAndStd() {
        SweepSpec spec;
        spec.base = to_json(test::tiny_reverse_run());
        spec.axes = {parse_sweep_axis("model.heads=1,2"), parse_sweep_axis("model.ffn_dim=32,64")};
        spec.seeds = {1, 2};
        spec.budget = parse_sweep_budget("steps=12");
        const std::string dir = path("sweep");
        create_sweep(spec, dir);
        SweepObserver quiet;
        SweepControl control;
        QCOMPARE(run_sweep(dir, quiet, control).done, size_t(8));

        ReportRequest request;
        request.paths = {dir};
        const ReportText text("en");
        const ReportDocument doc = build_report(request, text);
        const std::string md = report_markdown(doc);
        const SweepState state = load_sweep(dir);
        const SweepReport report = build_sweep_report(dir);
        size_t loss_column = report.quantities.size();
        for (size_t q = 0; q < report.quantities.size(); ++q)
            if (report.quantities[q].key == "valid_loss") loss_column = q;
        QVERIFY(loss_column < report.quantities.size());
        const int decimals = report.quantities[loss_column].decimals;
        for (size_t v = 0; v < state.variants.size(); ++v) {
            std::vector<double> losses;
            for (size_t r = 0; r < state.runs.size(); ++r)
                if (state.runs[r].variant == v)
                    losses.push_back(read_run_status(state.run_dir(r)).best_valid_loss);
            const SeedStats stats = seed_stats(losses);
            const std::string label =
                state.variants[v].label + (state.variants[v].baseline ? " (baseline)" : "");
            const auto row = markdown_row(md, label);
            QVERIFY2(!row.empty(), label.c_str());
            QCOMPARE(row.at(1 + loss_column),
                     fixed(stats.mean, decimals) + " ± " + fixed(stats.std, decimals));
        }
        QVERIFY(md.find("--vary model.heads=1,2") != std::string::npos);
        QVERIFY(md.find("--vary model.ffn_dim=32,64") != std::string::npos);
        QVERIFY(md.find("--seeds 1,2") != std::string::npos);
        QVERIFY(md.find("`model.heads` = 1 (was 2)") != std::string::npos);
        const fs::path out = path("report-sweep");
        write_report(doc, out.string(), parse_report_formats("all"));
        check_figures(doc, out, 2);  // the variants' curves, the baseline's schedule
        QVERIFY(fs::exists(out / "sweep-base.json"));
    }

    // Chinese: every Report string has its translation; setting names and signatures stay.
    void chineseReportIsTranslated() {
        const ReportText text("zh_CN");
        for (const std::string& dir : {path("runs/heads2"), path("sweep")}) {
            ReportRequest request;
            request.paths = {dir};
            const std::string md = report_markdown(build_report(request, text));
            QVERIFY(md.find("## 如何复现") != std::string::npos);
            QVERIFY(has_cjk(md));
        }
        // A check's measured figure is translated too, from the phrase checks.json keeps.
        const auto checks =
            nlohmann::json::parse(read_text(RunPaths(path("runs/heads2")).checks()));
        ReportRequest one;
        one.paths = {path("runs/heads2")};
        const std::string one_md = report_markdown(build_report(one, text));
        for (const auto& check : checks["checks"]) {
            if (check["id"] != "dropped_pairs") continue;
            const std::string zh =
                phrase_text(get_phrase(check, "figure"), PhraseCatalog::builtin("zh_CN"));
            QVERIFY(zh != check["figure"].get<std::string>());
            QVERIFY2(one_md.find("| " + zh + " |") != std::string::npos, zh.c_str());
        }
        ReportRequest two;
        two.paths = {path("runs/heads2"), path("runs/heads4")};
        const std::string md = report_markdown(build_report(two, text));
        QVERIFY(md.find("`model.heads`") != std::string::npos);
        std::string missing;
        for (const std::string& english : text.missing()) missing += english + "\n";
        QVERIFY2(text.missing().empty(), missing.c_str());
        QVERIFY_EXCEPTION_THROWN(ReportText("fr"), std::invalid_argument);
    }

    // tfw reads the window's .ts: finished entries only, entities decoded, one numerus form.
    void catalogReadsTheWindowsTranslations() {
        const PhraseCatalog catalog = PhraseCatalog::from_ts(
            "<TS><context><name>A</name>"
            "<message><source>x &amp; &lt;y&gt; &quot;z&quot; &apos;w&apos;</source>"
            "<translation>甲 &amp; 乙</translation></message>"
            "<message><source>open</source><translation type=\"unfinished\">未完</translation>"
            "</message>"
            "<message numerus=\"yes\"><source>%n runs</source><translation>"
            "<numerusform>%n 次运行</numerusform></translation></message>"
            "</context><context><name>B</name><message><source>open</source>"
            "<translation>打开</translation></message></context></TS>");
        QCOMPARE(catalog.size(), size_t(3));
        QCOMPARE(*catalog.find("A", "x & <y> \"z\" 'w'"), std::string("甲 & 乙"));
        QVERIFY(catalog.find("A", "open") == nullptr);
        QCOMPARE(*catalog.find("A", "%n runs"), std::string("%n 次运行"));
        QCOMPARE(*catalog.find("B", "open"), std::string("打开"));
        const PhraseCatalog* zh = PhraseCatalog::builtin("zh_CN");
        QVERIFY(zh && zh->size() > 1000);
        QCOMPARE(phrase_text(Phrase("SweepBudget", "%1 steps", {"400"}), zh),
                 std::string("400 步"));
        QCOMPARE(phrase_text(Phrase("SweepBudget", "%1 steps", {"400"}), nullptr),
                 std::string("400 steps"));
        QVERIFY(PhraseCatalog::builtin("en") == nullptr);
    }

    void cancellingStops() {
        ReportRequest request;
        request.paths = {path("runs/heads2"), path("runs/heads4")};
        QVERIFY(build_report(request, ReportText("en"), [](size_t, size_t) {
                    return false;
                }).blocks.empty());
        const ReportDocument doc = build_report(request, ReportText("en"));
        size_t calls = 0;
        const auto written =
            write_report(doc, path("report-cancelled"), parse_report_formats("all"),
                         [&](size_t, size_t) { return ++calls < 3; });
        QCOMPARE(written.size(), size_t(3));
    }

    void cliWritesTheReport() {
        const QString out = m_dir.filePath("report-cli");
        const auto result = test::run_tfw({"report", m_dir.filePath("runs/heads2"), "--out", out,
                                           "--format", "md", "--language", "zh_CN"});
        QCOMPARE(result.exit_code, 0);
        QVERIFY(QFile::exists(out + "/report.md"));
        QVERIFY(QFile::exists(out + "/figures/curves-loss.svg"));
        QVERIFY(!QFile::exists(out + "/report.tex"));
        const auto bad = test::run_tfw(
            {"report", m_dir.filePath("runs/heads2"), "--out", out, "--format", "pdf"});
        QCOMPARE(bad.exit_code, 2);
        QVERIFY(bad.err.find("html, md, tex or all") != std::string::npos);
        const auto none = test::run_tfw({"report", m_dir.filePath("nothing"), "--out", out});
        QVERIFY(none.exit_code != 0);
        QVERIFY(none.err.find("not a run folder") != std::string::npos);
    }
};

QTEST_APPLESS_MAIN(ReportTest)
#include "test_report.moc"
