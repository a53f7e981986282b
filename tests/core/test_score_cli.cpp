// `tfw score`: JSON output equals the shared conformance expectations, and bad input gives a
// non-zero exit with a message naming the files.
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <fstream>

#include "tests/core/conformance_cases.h"
#include "tests/core/test_support.h"

using nlohmann::json;

namespace {

using tfw::test::CliRun;
using tfw::test::run_tfw;

QString case_file(const std::string& name, const std::string& file) {
    return QString::fromStdString((tfw::test::conformance_root() / name / file).string());
}

bool near(const json& actual, const json& expected, double tolerance) {
    return std::fabs(actual.get<double>() - expected.get<double>()) <= tolerance;
}

}  // namespace

// Skips the calling test when a conformance case is not there. A macro, since QSKIP returns only
// from the function it is written in: in a helper, the test went on and read a missing file.
#define REQUIRE_CONFORMANCE(name)                                                                 \
    do {                                                                                          \
        if (!std::filesystem::exists(tfw::test::conformance_root() / (name) / "expected.json"))   \
            QSKIP(                                                                                \
                qPrintable(QString::fromStdString("conformance case " + (name) + " not found"))); \
    } while (false)

class TestScoreCli : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    QString write(const char* name, const std::string& bytes) {
        const QString path = m_dir.filePath(name);
        std::ofstream(path.toStdString(), std::ios::binary) << bytes;
        return path;
    }

  private Q_SLOTS:
    void bleuJsonMatchesSacrebleuWithTwoReferences() {
        const std::string name = "bleu/de_multiref_umlauts";
        REQUIRE_CONFORMANCE(name);
        const auto c = tfw::test::load_conformance_case(name);
        QStringList args = {"score",  "--metric", "bleu",
                            "--json", "--hyp",    case_file(name, "hyp.txt")};
        for (const auto& ref : c.expected.at("ref_files"))
            args << "--ref" << case_file(name, ref.get<std::string>());
        const CliRun run = run_tfw(args);
        QVERIFY2(run.exit_code == 0, run.err.c_str());
        const json out = json::parse(run.out);
        const json& expected = c.expected.at("bleu_default");
        QVERIFY(near(out.at("score"), expected.at("score"), 0.01));
        for (int n = 0; n < 4; ++n)
            QVERIFY(near(out.at("precisions")[n], expected.at("precisions")[n], 0.01));
        QVERIFY(near(out.at("bp"), expected.at("bp"), 1e-6));
        QCOMPARE(out.at("sys_len"), expected.at("sys_len"));
        QCOMPARE(out.at("ref_len"), expected.at("ref_len"));
        QCOMPARE(out.at("signature"), expected.at("signature"));
    }

    void bleuTextIsSacrebleuSummaryAndSignature() {
        const std::string name = "bleu/en_numbers_hyphens_quotes";
        REQUIRE_CONFORMANCE(name);
        const auto c = tfw::test::load_conformance_case(name);
        const CliRun run =
            run_tfw({"score", "--metric", "bleu", "--tokenize", "intl", "--hyp",
                     case_file(name, "hyp.txt"), "--ref", case_file(name, "ref.txt")});
        QVERIFY2(run.exit_code == 0, run.err.c_str());
        const json& expected = c.expected.at("bleu_tok_intl");
        QCOMPARE(run.out, expected.at("formatted").get<std::string>() +
                              "\nsignature: " + expected.at("signature").get<std::string>() + "\n");
    }

    void chrfPlusPlusJsonMatchesSacrebleu() {
        const std::string name = "chrf/cjk_mixed_scripts";
        REQUIRE_CONFORMANCE(name);
        const auto c = tfw::test::load_conformance_case(name);
        const CliRun run =
            run_tfw({"score", "--metric", "chrf++", "--json", "--hyp", case_file(name, "hyp.txt"),
                     "--ref", case_file(name, "ref.txt")});
        QVERIFY2(run.exit_code == 0, run.err.c_str());
        const json out = json::parse(run.out);
        const json& expected = c.expected.at("chrf_pp");
        QVERIFY(near(out.at("score"), expected.at("score"), 0.01));
        QCOMPARE(out.at("signature"), expected.at("signature"));
    }

    void rougeJsonMatchesRougeScoreMean() {
        const std::string name = "rouge/en_summaries_morphology";
        REQUIRE_CONFORMANCE(name);
        const auto c = tfw::test::load_conformance_case(name);
        const CliRun run =
            run_tfw({"score", "--metric", "rouge", "--stem", "--json", "--hyp",
                     case_file(name, "hyp.txt"), "--ref", case_file(name, "ref.txt")});
        QVERIFY2(run.exit_code == 0, run.err.c_str());
        const json out = json::parse(run.out);
        const json& mean = c.expected.at("stemmer").at("mean");
        for (const char* type : {"rouge1", "rouge2", "rougeL", "rougeLsum"})
            for (const char* field : {"precision", "recall", "fmeasure"})
                QVERIFY2(near(out.at(type).at(field), mean.at(type).at(field), 1e-4),
                         (std::string(type) + " " + field).c_str());
    }

    void mismatchedLineCountsNameBothFilesAndCounts() {
        const QString hyp = write("hyp.txt", "a\nb\nc\n");
        const QString ref = write("ref.txt", "a\nb\n");
        const CliRun run = run_tfw({"score", "--metric", "bleu", "--hyp", hyp, "--ref", ref});
        QVERIFY(run.exit_code != 0);
        QVERIFY2(run.out.empty(), run.out.c_str());
        for (const std::string& part :
             {hyp.toStdString(), ref.toStdString(), std::string("3 lines"), std::string("2 lines")})
            QVERIFY2(run.err.find(part) != std::string::npos, run.err.c_str());
    }

    void badInputFailsWithClearMessage() {
        const QString good = write("good.txt", "fine\n");
        const QString bad = write("bad.txt", "fine\nbad \xC3\x28 byte\n");
        const QString empty = write("empty.txt", "");

        CliRun run = run_tfw({"score", "--metric", "chrf", "--hyp", bad, "--ref", bad});
        QVERIFY(run.exit_code != 0);
        QVERIFY2(run.err.find(bad.toStdString() + ":2: invalid UTF-8") != std::string::npos,
                 run.err.c_str());

        run = run_tfw({"score", "--metric", "chrf", "--hyp", good, "--ref", empty});
        QVERIFY(run.exit_code != 0);
        QVERIFY2(run.err.find(empty.toStdString() + ": file is empty") != std::string::npos,
                 run.err.c_str());

        run = run_tfw({"score", "--metric", "meteor", "--hyp", good, "--ref", good});
        QCOMPARE(run.exit_code, 2);
        QVERIFY2(run.err.find("unknown metric 'meteor'") != std::string::npos, run.err.c_str());

        run = run_tfw(
            {"score", "--metric", "bleu", "--tokenize", "moses", "--hyp", good, "--ref", good});
        QCOMPARE(run.exit_code, 2);
        QVERIFY2(run.err.find("unknown tokenizer 'moses'") != std::string::npos, run.err.c_str());
    }
};

QTEST_GUILESS_MAIN(TestScoreCli)
#include "test_score_cli.moc"
