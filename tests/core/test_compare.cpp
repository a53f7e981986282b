// Comparing runs and checkpoints: the configuration diff, the summary numbers of a
// hand-written history and evaluations, the table formats, one input decoded side by side
// with cross-scores, and `tfw compare` (with --decode).
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "tests/core/test_support.h"

#include "core/compare/compare_item.h"
#include "core/compare/config_diff.h"
#include "core/compare/metrics_table.h"
#include "core/compare/side_by_side.h"
#include "core/compare/table_format.h"
#include "core/config/config_io.h"
#include "core/decode/translator.h"
#include "core/io/checkpoint.h"

using namespace tfw;
using json = nlohmann::json;

namespace {

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

std::vector<std::string> labels(const ComparisonTable& table) {
    std::vector<std::string> out;
    for (const auto& row : table.rows) out.push_back(row.label);
    return out;
}

const ComparisonRow& row(const ComparisonTable& table, const std::string& label) {
    for (const auto& r : table.rows)
        if (r.label == label) return r;
    throw std::runtime_error("no row " + label);
}

void write(const std::filesystem::path& path, const std::string& text) {
    std::filesystem::create_directories(path.parent_path());
    std::ofstream(path) << text;
}

// Four validations: loss 3.0, 2.0, 2.5 (best at step 200), accuracy best 0.6 at step 300.
const char* kHistory =
    R"({"kind":"step","step":100,"loss":3.5,"nll":3.2,"lr":0.001,"tokens_seen":1000,"elapsed_s":10})"
    "\n"
    R"({"kind":"validation","step":100,"loss":3.0,"perplexity":20.0855,"accuracy":0.3,"tokens_seen":1000,"elapsed_s":10})"
    "\n"
    R"({"kind":"step","step":200,"loss":2.5,"nll":2.2,"lr":0.002,"tokens_seen":2000,"elapsed_s":20})"
    "\n"
    R"({"kind":"validation","step":200,"loss":2.0,"perplexity":7.389,"accuracy":0.5,"is_best":true,"tokens_seen":2000,"elapsed_s":20})"
    "\n"
    R"({"kind":"step","step":300,"loss":2.1,"nll":1.9,"lr":0.0015,"tokens_seen":3000,"elapsed_s":30})"
    "\n"
    R"({"kind":"validation","step":300,"loss":2.5,"perplexity":12.18,"accuracy":0.6,"tokens_seen":3000,"elapsed_s":30})"
    "\n"
    R"({"kind":"validation","step":400,"loss":n)";  // torn last line

ExperimentConfig config(int heads, double lr) {
    ExperimentConfig c = test::tiny_model_config(Task::Translation);
    c.name = "demo";
    c.model.heads = heads;
    c.train.lr = lr;
    return c;
}

json eval_json(const std::string& checkpoint, const std::string& created_at, double bleu) {
    return {{"checkpoint", checkpoint},
            {"checkpoint_step", 200},
            {"split", "test"},
            {"created_at", created_at},
            {"task", "translation"},
            {"sentences", 3},
            {"loss", 1.9},
            {"bleu", {{"score", bleu}, {"signature", "nrefs:1"}}},
            {"chrf", {{"score", 55.5}, {"signature", "chrF2"}}}};
}

// A run folder written by hand: config, status, history, two evaluations, a checkpoint.
void write_run(const std::filesystem::path& dir, const ExperimentConfig& c) {
    write(dir / "config.json", to_json(c).dump(2));
    write(dir / "status.json",
          R"({"state":"completed","step":300,"best_valid_loss":2.0,"elapsed_s":31.5})");
    write(dir / "history.jsonl", kHistory);
    const std::string best = (dir / "checkpoints" / "best.tfw").string();
    write(dir / "evals" / "b.json", eval_json(best, "2026-11-22T06:00:00Z", 31.25).dump());
    write(dir / "evals" / "a.json", eval_json(best, "2026-11-22T05:00:00Z", 11.0).dump());
    write(dir / "evals" / "torn.json", "{\"checkpoint\":");
    Checkpoint checkpoint;
    checkpoint.config = c;
    checkpoint.parameters = 12345;
    checkpoint.src_vocab = checkpoint.tgt_vocab = 10;
    checkpoint.position.step = 200;
    checkpoint.position.elapsed_s = 20;
    checkpoint.position.tokens_seen = 2000;
    checkpoint.history = kHistory;
    save_checkpoint(checkpoint, best);
    save_checkpoint(checkpoint, (dir / "checkpoints" / "last.tfw").string());
}

}  // namespace

class TestCompare : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::string m_run_a, m_run_b;

  private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_run_a = m_dir.filePath("heads4").toStdString();
        m_run_b = m_dir.filePath("heads2").toStdString();
        write_run(m_run_a, config(4, 1e-3));
        write_run(m_run_b, config(2, 5e-4));
    }

    void flattenUsesDottedKeysInSchemaOrder() {
        const auto flat = flatten_config(to_json(config(4, 1e-3)));
        QCOMPARE(flat.front().first, std::string("name"));
        size_t task = 0, heads = 0;
        for (size_t i = 0; i < flat.size(); ++i) {
            if (flat[i].first == "task") task = i;
            if (flat[i].first == "model.heads") heads = i;
        }
        QVERIFY(task < heads);
        QCOMPARE(flat[heads].second.get<int>(), 4);
        const auto extra = flatten_config(json{{"zeta", 1}, {"alpha", {{"b", {1, 2}}}}});
        QCOMPARE(extra.size(), size_t(2));
        QCOMPARE(extra[0].first, std::string("alpha.b"));
        QCOMPARE(extra[0].second, json({1, 2}));
    }

    void diffListsExactlyTheDifferingKeys() {
        json a = to_json(config(4, 1e-3)), b = to_json(config(2, 5e-4)), c = a;
        b["extra"] = "only here";
        const ComparisonTable diff = config_diff({a, b, c}, {"a", "b", "c"});
        QCOMPARE(labels(diff), (std::vector<std::string>{"model.heads", "train.lr", "extra"}));
        QCOMPARE(diff.columns, (std::vector<std::string>{"a", "b", "c"}));
        QCOMPARE(row(diff, "model.heads").cells, (std::vector<std::string>{"4", "2", "4"}));
        QCOMPARE(row(diff, "extra").cells, (std::vector<std::string>{"-", "only here", "-"}));
        for (const auto& r : diff.rows) QVERIFY(r.differs);

        const ComparisonTable all = config_diff({a, b}, {"a", "b"}, true);
        QCOMPARE(all.rows.size(), flatten_config(b).size());
        QVERIFY(!row(all, "model.d_model").differs);
        QVERIFY(row(all, "train.lr").differs);
        QVERIFY(config_diff({a, a}, {"a", "a"}).rows.empty());
    }

    void summarizesAHandWrittenHistory() {
        const CompareItem item = load_compare_item(m_run_a);
        QVERIFY(item.is_run);
        QCOMPARE(item.label, std::string("heads4"));
        QCOMPARE(item.state, std::string("completed"));
        QCOMPARE(item.task, std::string("translation"));
        QCOMPARE(item.steps, int64_t(300));
        QCOMPARE(item.tokens_seen, int64_t(3000));
        QCOMPARE(item.elapsed_s, 31.5);
        QCOMPARE(item.parameters, int64_t(12345));
        QCOMPARE(item.history.validations.size(), size_t(3));
        QCOMPARE(item.valid_loss.best, 2.0);
        QCOMPARE(item.valid_loss.best_step, int64_t(200));
        QCOMPARE(item.valid_loss.last, 2.5);
        QCOMPARE(item.valid_loss.min, 2.0);
        QCOMPARE(item.valid_loss.max, 3.0);
        QCOMPARE(item.valid_perplexity.best_step, int64_t(200));
        QCOMPARE(item.valid_accuracy.best, 0.6);
        QCOMPARE(item.valid_accuracy.best_step, int64_t(300));
        QCOMPARE(item.valid_accuracy.min, 0.3);
        // The latest evaluation (by created_at, not by file name) gives the scores.
        QVERIFY(item.latest_eval.has_value());
        QCOMPARE(item.latest_eval->metric("bleu")->value, 31.25);
        QCOMPARE(item.latest_eval->metric("chrf")->value, 55.5);
        QCOMPARE(item.latest_eval->metric("chrf")->signature, std::string("chrF2"));
        QVERIFY(!item.latest_eval->metric("rougeL"));
        QCOMPARE(item.latest_eval->split, std::string("test"));
    }

    void summaryOfNothingIsNaN() {
        const SeriesSummary s = summarize({{1, std::nan("")}}, true);
        QCOMPARE(s.count, size_t(0));
        QVERIFY(std::isnan(s.best) && std::isnan(s.last) && std::isnan(s.min) && std::isnan(s.max));
    }

    void readsALoneCheckpoint() {
        const std::string path = m_run_a + "/checkpoints/best.tfw";
        const CompareItem item = load_compare_item(path);
        QVERIFY(!item.is_run);
        QCOMPARE(item.label, std::string("heads4/best.tfw"));
        QCOMPARE(item.state, std::string("checkpoint"));
        QCOMPARE(item.steps, int64_t(300));  // its history goes beyond its own position here
        QCOMPARE(item.parameters, int64_t(12345));
        QCOMPARE(item.valid_loss.best, 2.0);
        QCOMPARE(item.config["model"]["heads"].get<int>(), 4);
        QVERIFY(item.latest_eval.has_value());  // the run's evaluation of this very file
        QCOMPARE(item.latest_eval->metric("bleu")->value, 31.25);
        QVERIFY(!load_compare_item(m_run_a + "/checkpoints/last.tfw").latest_eval.has_value());
    }

    void badPathsSayWhy() {
        try {
            load_compare_item(m_dir.filePath("missing").toStdString());
            QFAIL("no error");
        } catch (const CompareError& e) {
            QVERIFY2(contains(e.what(), "no such run folder or checkpoint"), e.what());
        }
        try {
            load_compare_item(m_dir.path().toStdString());
            QFAIL("no error");
        } catch (const CompareError& e) {
            QVERIFY2(contains(e.what(), "without config.json"), e.what());
        }
        try {
            load_compare_item(m_run_a + "/history.jsonl");
            QFAIL("no error");
        } catch (const CompareError& e) {
            QVERIFY2(contains(e.what(), "not a Transformer Workbench checkpoint"), e.what());
        }
    }

    void metricsTableMarksTheBest() {
        CompareItem a = load_compare_item(m_run_a), b = load_compare_item(m_run_b);
        b.valid_loss.best = 1.5;
        b.latest_eval->metrics["bleu"].value = 20;
        const ComparisonTable table = metrics_table({a, b});
        QCOMPARE(table.columns, (std::vector<std::string>{"heads4", "heads2"}));
        QCOMPARE(row(table, "valid loss (best)").cells,
                 (std::vector<std::string>{"2.0000", "1.5000"}));
        QCOMPARE(best_cells(row(table, "valid loss (best)")), std::vector<size_t>{1});
        QCOMPARE(best_cells(row(table, "BLEU")), std::vector<size_t>{0});
        QCOMPARE(row(table, "valid accuracy (best)").cells[0], std::string("60.00%"));
        QCOMPARE(row(table, "parameters").cells[0], std::string("12,345"));
        QVERIFY(best_cells(row(table, "valid perplexity (max)")).empty());  // no direction
        QVERIFY(best_cells(row(table, "chrF")).empty());                    // all equal
        QVERIFY(contains(row(table, "evaluated").cells[0], "best.tfw (step 200), test"));
        QVERIFY(comparison_notes({a, b}).empty());
        b.task = "summarization";
        QVERIFY(contains(comparison_notes({a, b}).at(0), "Different tasks"));
    }

    void formatsEscapeAndQuote() {
        ComparisonTable table;
        table.corner = "setting";
        table.columns = {"run_a", "b|c"};
        ComparisonRow path, loss;
        path.label = "data.train_src";
        path.cells = {"x, \"y\"", "50%_$#"};
        path.differs = true;
        loss.label = "loss";
        loss.cells = {"2.0", "1.5"};
        loss.values = {2.0, 1.5};
        loss.better = Better::Lower;
        table.rows = {path, loss};
        const std::string csv = format_table(table, TableFormat::Csv);
        QCOMPARE(csv, std::string("setting,run_a,b|c\n"
                                  "data.train_src,\"x, \"\"y\"\"\",50%_$#\n"
                                  "loss,2.0,1.5\n"));
        const std::string latex = format_table(table, TableFormat::Latex);
        QVERIFY2(contains(latex, "\\begin{tabular}{lrr}"), latex.c_str());
        QVERIFY2(contains(latex, "setting & run\\_a & b|c \\\\"), latex.c_str());
        QVERIFY2(contains(latex, "data.train\\_src & x, \"y\" & 50\\%\\_\\$\\# \\\\"),
                 latex.c_str());
        QVERIFY2(contains(latex, "loss & 2.0 & \\textbf{1.5} \\\\"), latex.c_str());
        QCOMPARE(latex_escape("a\\b~^{}&"),
                 std::string("a\\textbackslash{}b\\textasciitilde{}\\textasciicircum{}\\{\\}\\&"));
        const std::string md = format_table(table, TableFormat::Markdown);
        QCOMPARE(md, std::string("| setting        |  run_a |    b\\|c |\n"
                                 "| -------------- | -----: | ------: |\n"
                                 "| data.train_src | x, \"y\" |  50%_$# |\n"
                                 "| loss           |    2.0 | **1.5** |\n"));
        QCOMPARE(parse_table_format("latex"), TableFormat::Latex);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, parse_table_format("html"));
    }

    void cliPrintsDiffAndMetrics() {
        const auto a = QString::fromStdString(m_run_a), b = QString::fromStdString(m_run_b);
        const test::CliRun md = test::run_tfw({"compare", a, b});
        QVERIFY2(md.exit_code == 0, md.err.c_str());
        QVERIFY2(contains(md.out, "## Configuration differences"), md.out.c_str());
        QVERIFY2(contains(md.out, "| model.heads |"), md.out.c_str());
        QVERIFY2(contains(md.out, "| train.lr    |"), md.out.c_str());
        QVERIFY(!contains(md.out, "model.d_model"));
        QVERIFY2(contains(md.out, "## Metrics") && contains(md.out, "31.25"), md.out.c_str());

        const test::CliRun csv =
            test::run_tfw({"compare", a, QString::fromStdString(m_run_b + "/checkpoints/best.tfw"),
                           "--format", "csv", "--all"});
        QVERIFY2(csv.exit_code == 0, csv.err.c_str());
        QVERIFY2(contains(csv.out, "setting,heads4,heads2/best.tfw\n"), csv.out.c_str());
        QVERIFY2(contains(csv.out, "model.d_model,32,32\n"), csv.out.c_str());
        QVERIFY2(contains(csv.out, "train.betas,\"0.9, 0.98\",\"0.9, 0.98\"\n"), csv.out.c_str());

        const test::CliRun latex = test::run_tfw({"compare", a, b, "--format", "latex"});
        QVERIFY2(latex.exit_code == 0, latex.err.c_str());
        QVERIFY2(contains(latex.out, "valid loss best at step"), latex.out.c_str());
        QVERIFY2(contains(latex.out, "\\begin{tabular}"), latex.out.c_str());
    }

    void decodesSideBySideAndCrossScores() {
        QTemporaryDir dir;
        const std::string a = dir.filePath("a.tfw").toStdString();
        const std::string b = dir.filePath("b.tfw").toStdString();
        test::write_tiny_checkpoint(Task::Translation, a, 5);
        test::write_tiny_checkpoint(Task::Translation, b, 6);
        Translator ta(load_model(a)), tb(load_model(b));
        tb.set_masked_heads({{AttentionStack::Cross, 0, 0}});  // switched back on for the job
        DecodeOptions options = decode_options_from(ta.model().checkpoint.config.decode);
        options.beam = 3;
        int steps = 0;
        const auto decoded = decode_side_by_side({&ta, &tb}, "a b c", " c b a ", options,
                                                 [&](size_t index, size_t count, int, int) {
                                                     ++steps;
                                                     return index < count;
                                                 });
        QVERIFY(decoded.has_value() && steps > 0);
        QCOMPARE(decoded->outputs.size(), size_t(2));
        QVERIFY(tb.masked_heads().empty());
        QCOMPARE(decoded->cross.size(), size_t(2));
        QCOMPARE(decoded->reference.size(), size_t(2));
        for (size_t i = 0; i < 2; ++i) {
            // A checkpoint scoring its own output gives the search score, also for an output
            // cut at the length limit (the search pays for the EOS forced there).
            const ComparedOutput& out = decoded->outputs[i];
            QVERIFY2(std::abs(decoded->cross[i][i] - out.score) < 1e-4,
                     qPrintable(QString("%1 vs %2").arg(decoded->cross[i][i]).arg(out.score)));
            QVERIFY(!decoded->outputs[i].attention.cross.empty());
        }
        const ComparisonTable cross = cross_score_table(*decoded, {"a", "b"});
        QCOMPARE(cross.columns, (std::vector<std::string>{"a", "b"}));
        QCOMPARE(cross.rows.size(), size_t(3));
        QCOMPARE(cross.rows[0].values[1], decoded->cross[1][0]);  // b scoring a's output
        QCOMPARE(cross.rows[2].label, std::string("reference"));
        QCOMPARE(cross.rows[2].values[1], decoded->reference[1]);

        const auto cancelled = decode_side_by_side({&ta, &tb}, "a b c", "", options,
                                                   [](size_t, size_t, int, int) { return false; });
        QVERIFY(!cancelled.has_value());

        const std::string lm = dir.filePath("lm.tfw").toStdString();
        test::write_tiny_checkpoint(Task::LanguageModel, lm);
        Translator tl(load_model(lm));
        QVERIFY(mixed_language_models({&ta, &tl}).has_value());
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 decode_side_by_side({&ta, &tl}, "a b", "", options));

        const test::CliRun cli =
            test::run_tfw({"compare", dir.filePath("a.tfw"), dir.filePath("b.tfw"), "--decode",
                           "a b c", "--reference", "c b a", "--beam", "3"});
        QVERIFY2(cli.exit_code == 0, cli.err.c_str());
        const std::string side_by_side = cli.out.substr(cli.out.find("## Decoding"));
        QVERIFY2(
            contains(side_by_side, "## Cross-scores") && contains(side_by_side, "| reference "),
            side_by_side.c_str());
        char own[32];
        std::snprintf(own, sizeof own, "%.3f", decoded->cross[0][0]);
        QVERIFY2(contains(cli.out, own), cli.out.c_str());
    }

    void cliRefusesBadInput() {
        const test::CliRun one = test::run_tfw({"compare", QString::fromStdString(m_run_a)});
        QCOMPARE(one.exit_code, 2);
        QVERIFY2(contains(one.err, "two or more"), one.err.c_str());
        const test::CliRun missing = test::run_tfw(
            {"compare", QString::fromStdString(m_run_a), m_dir.filePath("nothing-here")});
        QCOMPARE(missing.exit_code, 1);
        QVERIFY2(contains(missing.err, "nothing-here: no such run folder or checkpoint"),
                 missing.err.c_str());
        const test::CliRun format =
            test::run_tfw({"compare", QString::fromStdString(m_run_a),
                           QString::fromStdString(m_run_b), "--format", "html"});
        QCOMPARE(format.exit_code, 2);
        QVERIFY2(contains(format.err, "md, csv or latex"), format.err.c_str());
    }
};

QTEST_APPLESS_MAIN(TestCompare)
#include "test_compare.moc"
