// `tfw eval`, `tfw translate` (with --attention and --mask-head), `tfw bench decode` on tiny
// checkpoints written here and `tfw bench train` / `generate` on tiny random models: the JSON they
// print, and a clear message with a non-zero exit for bad input.
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <ATen/ATen.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "core/config/decode_fields.h"
#include "core/model/int8_linear.h"
#include "tests/core/test_support.h"

#include "core/decode/translator.h"

using namespace tfw;
using nlohmann::json;

namespace {

using test::CliRun;
using test::run_tfw;

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

}  // namespace

class TestDecodeCli : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_translation, m_summarizer, m_lm, m_src, m_ref;

    QString write(const char* name, const std::string& bytes) {
        const QString path = m_dir.filePath(name);
        std::ofstream(path.toStdString(), std::ios::binary) << bytes;
        return path;
    }

  private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_translation = m_dir.filePath("mt.tfw");
        m_summarizer = m_dir.filePath("sum.tfw");
        m_lm = m_dir.filePath("lm.tfw");
        test::write_tiny_checkpoint(Task::Summarization, m_summarizer.toStdString());
        test::write_tiny_checkpoint(Task::Translation, m_translation.toStdString());
        test::write_tiny_checkpoint(Task::LanguageModel, m_lm.toStdString());
        m_src = write("src.txt", "a b c\nd e\nf a b c d\n");
        m_ref = write("ref.txt", "c b a\ne d\nd c b a f\n");
    }

    void evalPrintsLossAndScores() {
        const QString out = m_dir.filePath("hyp.txt");
        const CliRun run = run_tfw({"eval", "--checkpoint", m_translation, "--src", m_src, "--ref",
                                    m_ref, "--beam", "3", "--batch-size", "2", "--out", out});
        QVERIFY2(run.exit_code == 0, run.err.c_str());
        QVERIFY2(contains(run.err, "decoded 3/3"), run.err.c_str());
        const json result = json::parse(run.out);
        QCOMPARE(result["sentences"].get<int>(), 3);
        QVERIFY(result["perplexity"].get<double>() > 1.0);
        QVERIFY(contains(result["bleu"]["signature"].get<std::string>(), "nrefs:1|case:mixed"));
        QVERIFY(result["chrf"]["score"].is_number());
        std::ifstream hyps(out.toStdString());
        int lines = 0;
        for (std::string line; std::getline(hyps, line);) ++lines;
        QCOMPARE(lines, 3);
    }

    void evalOfASummarizerGivesRouge() {
        const CliRun run =
            run_tfw({"eval", "--checkpoint", m_summarizer, "--src", m_src, "--ref", m_ref});
        QVERIFY2(run.exit_code == 0, run.err.c_str());
        const json result = json::parse(run.out);
        QCOMPARE(result["task"].get<std::string>(), std::string("summarization"));
        QVERIFY(result["rougeLsum"]["fmeasure"].is_number());
        QVERIFY(!result.contains("bleu"));
    }

    void evalOfALanguageModelGivesPerplexity() {
        const CliRun run = run_tfw({"eval", "--checkpoint", m_lm, "--src", m_src});
        QVERIFY2(run.exit_code == 0, run.err.c_str());
        const json result = json::parse(run.out);
        QCOMPARE(result["task"].get<std::string>(), std::string("lm"));
        QVERIFY(result["perplexity"].get<double>() > 1.0);
    }

    void evalSavesIntoTheRunFolder() {
        namespace fs = std::filesystem;
        const fs::path run = fs::path(m_dir.path().toStdString()) / "run";
        fs::create_directories(run / "checkpoints");
        std::ofstream(run / "config.json") << "{}\n";
        const fs::path checkpoint = run / "checkpoints" / "best.tfw";
        fs::copy_file(m_translation.toStdString(), checkpoint,
                      fs::copy_options::overwrite_existing);
        const CliRun run_eval = run_tfw({"eval", "--checkpoint", QString::fromStdString(checkpoint),
                                         "--src", m_src, "--ref", m_ref, "--save"});
        QVERIFY2(run_eval.exit_code == 0, run_eval.err.c_str());
        QVERIFY2(contains(run_eval.err, "saved " + (run / "evals").string()), run_eval.err.c_str());
        QVERIFY(
            !json::parse(run_eval.out).contains("per_sentence"));  // the terminal gets the summary
        std::vector<fs::path> saved;
        for (const auto& entry : fs::directory_iterator(run / "evals"))
            saved.push_back(entry.path());
        QCOMPARE(saved.size(), size_t(1));
        const json result = json::parse(std::ifstream(saved.front()));
        QCOMPARE(result["per_sentence"].size(), size_t(3));
        QVERIFY(result["bleu"]["score"].is_number());
        for (const DecodeField& field : decode_fields())
            QVERIFY2(result["decode"].contains(field.key), field.key.c_str());
    }

    // A failed --save (the run folder cannot be written) prints the scores first, then one
    // clear line, and exits non-zero: the scores are not lost behind a raw filesystem error.
    void aFailedSaveKeepsTheScores() {
        namespace fs = std::filesystem;
        const fs::path run = fs::path(m_dir.path().toStdString()) / "unwritable-run";
        fs::create_directories(run / "checkpoints");
        std::ofstream(run / "config.json") << "{}\n";
        std::ofstream(run / "evals") << "a file where the folder would go\n";
        const fs::path checkpoint = run / "checkpoints" / "best.tfw";
        fs::copy_file(m_translation.toStdString(), checkpoint);
        const CliRun run_eval = run_tfw({"eval", "--checkpoint", QString::fromStdString(checkpoint),
                                         "--src", m_src, "--ref", m_ref, "--save"});
        QCOMPARE(run_eval.exit_code, 1);
        QVERIFY2(json::parse(run_eval.out)["bleu"]["score"].is_number(), run_eval.out.c_str());
        QVERIFY2(contains(run_eval.err, "error: the scores above were not saved: cannot create " +
                                            (run / "evals").string() + ": "),
                 run_eval.err.c_str());
        QVERIFY2(!contains(run_eval.err, "saved ") && !contains(run_eval.err, "filesystem error"),
                 run_eval.err.c_str());
    }

    // A line longer than the model reads was cut silently (11 words out of 5000, exit 0); an
    // empty line decoded to invented words. Now: a warning naming the line, and an empty line.
    void longInputsAreCutWithAWarningAndEmptyLinesStayEmpty() {
        std::string long_line;
        for (int i = 0; i < 200; ++i)
            long_line += (i ? " " : "") + std::string(1, char('a' + i % 6));
        const CliRun run = run_tfw({"translate", "--checkpoint", m_translation},
                                   "a b c\n" + long_line + "\n\n   \nd e\n");
        QVERIFY2(run.exit_code == 0, run.err.c_str());
        // max_positions 64: 61 tokens and EOS, two positions spare.
        QVERIFY2(contains(run.err,
                          "warning: line 2: 200 tokens, the model reads at most 61; the "
                          "rest was cut"),
                 run.err.c_str());
        QVERIFY2(!contains(run.err, "line 1:") && !contains(run.err, "line 5:"), run.err.c_str());
        std::vector<std::string> lines;
        std::istringstream out(run.out);
        for (std::string line; std::getline(out, line);) lines.push_back(line);
        QCOMPARE(lines.size(), size_t(5));
        QCOMPARE(lines[2], std::string());
        QCOMPARE(lines[3], std::string());
        // The core reports the cut for the window, too.
        Translator translator(load_model(m_translation.toStdString()));
        const auto outputs = translator.translate({long_line, ""}, DecodeOptions{});
        QCOMPARE(outputs[0].front().input_tokens, int64_t(200));
        QCOMPARE(outputs[0].front().input_tokens_cut, int64_t(139));
        QCOMPARE(outputs[1].size(), size_t(1));
        QVERIFY(outputs[1].front().text.empty());
    }

    void everyDecodeFieldIsAnOption() {
        for (const char* command : {"translate", "generate", "eval"}) {
            const CliRun run = run_tfw({command, "--help"});
            QVERIFY2(run.exit_code == 0, run.err.c_str());
            for (const DecodeField& field : decode_fields())
                QVERIFY2(contains(run.out, "--" + option_name(field) + " "), field.key.c_str());
        }
        const CliRun refused =
            run_tfw({"translate", "--checkpoint", m_translation, "--input", m_src, "--top-p", "0"});
        QVERIFY(refused.exit_code != 0);
        QVERIFY2(contains(refused.err, "top_p must be in (0, 1] (got 0)"), refused.err.c_str());
    }

    // Exit code 2 for mistakes in the arguments, 1 for files and models that cannot serve.
    void badInputFailsWithAClearMessage_data() {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        QTest::addColumn<int>("code");
        QTest::newRow("line counts differ")
            << QStringList{"eval", "--checkpoint", "MT", "--src", "SRC", "--ref", "SHORT"}
            << "has 3 lines but reference file" << 1;
        QTest::newRow("empty source")
            << QStringList{"eval", "--checkpoint", "MT", "--src", "EMPTY", "--ref", "REF"}
            << "file is empty" << 1;
        QTest::newRow("invalid utf-8")
            << QStringList{"eval", "--checkpoint", "MT", "--src", "BAD", "--ref", "REF"}
            << "bad.txt:2" << 1;
        QTest::newRow("rouge on an lm")
            << QStringList{"eval", "--checkpoint", "LM", "--src", "SRC", "--metric", "rouge"}
            << "is a language model" << 2;
        QTest::newRow("translate with an lm")
            << QStringList{"translate", "--checkpoint", "LM", "--input", "SRC"}
            << "is a language model; use tfw generate" << 2;
        QTest::newRow("save outside a run")
            << QStringList{"eval", "--checkpoint", "MT", "--src", "SRC", "--ref", "REF", "--save"}
            << "is not inside a run folder" << 2;
        QTest::newRow("split and files")
            << QStringList{"eval",  "--checkpoint", "MT",      "--src", "SRC",
                           "--ref", "REF",          "--split", "valid"}
            << "give either --split or --src/--ref" << 2;
        QTest::newRow("bad beam") << QStringList{"eval",  "--checkpoint", "MT",     "--src", "SRC",
                                                 "--ref", "REF",          "--beam", "0"}
                                  << "beam must be >= 1 (got 0)" << 2;
    }
    void badInputFailsWithAClearMessage() {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        QFETCH(int, code);
        const QMap<QString, QString> files{{"MT", m_translation},
                                           {"LM", m_lm},
                                           {"SRC", m_src},
                                           {"REF", m_ref},
                                           {"SHORT", write("short.txt", "c b a\n")},
                                           {"EMPTY", write("empty.txt", "")},
                                           {"BAD", write("bad.txt", "a b\nc \xff d\n")}};
        for (QString& argument : arguments) argument = files.value(argument, argument);
        const CliRun run = run_tfw(arguments);
        QCOMPARE(run.exit_code, code);
        QVERIFY2(contains(run.err, message.toStdString()), run.err.c_str());
    }

    void badStandardInputIsNamed() {
        const CliRun run = run_tfw({"translate", "--checkpoint", m_translation}, "a b\nc \xff d\n");
        QCOMPARE(run.exit_code, 1);
        QVERIFY2(contains(run.err, "standard input:2: invalid UTF-8"), run.err.c_str());
    }

    void translatePrintsNbestWithScores() {
        const CliRun run = run_tfw({"translate", "--checkpoint", m_translation, "--input", m_src,
                                    "--beam", "3", "--nbest", "2"});
        QVERIFY2(run.exit_code == 0, run.err.c_str());
        QCOMPARE(std::count(run.out.begin(), run.out.end(), '\n'), 6L);
        QCOMPARE(std::count(run.out.begin(), run.out.end(), '\t'), 6L);
    }

    void translateWritesLabelledAttention() {
        const QString input = write("one.txt", "a b c\n");
        const QString file = m_dir.filePath("attention.json");
        const CliRun run = run_tfw({"translate", "--checkpoint", m_translation, "--input", input,
                                    "--max-len-b", "4", "--attention", file});
        QVERIFY2(run.exit_code == 0, run.err.c_str());
        std::ifstream in(file.toStdString());
        const json all = json::parse(in);
        QCOMPARE(all.size(), size_t(1));
        const json& entry = all[0];
        QCOMPARE(entry["input"].get<std::string>(), std::string("a b c"));
        const size_t produced = entry["pieces"].size() + 1;  // then EOS, or the cut
        for (const char* stack : {"encoder_self", "decoder_self", "cross"}) {
            const json& s = entry["attention"][stack];
            QCOMPARE(s["layers"].size(), size_t(2));     // the tiny model's layers
            QCOMPARE(s["layers"][0].size(), size_t(4));  // and heads
            const size_t rows = std::string(stack) == "encoder_self" ? 4 : produced;
            QCOMPARE(s["rows"].size(), rows);
            const auto weights = s["layers"][1][3].get<std::vector<float>>();
            QCOMPARE(weights.size(), rows * s["columns"].size());
            float first_row = 0;
            for (size_t c = 0; c < s["columns"].size(); ++c) first_row += weights[c];
            QVERIFY2(std::abs(first_row - 1.0f) < 1e-4, stack);
        }
        QCOMPARE(entry["attention"]["cross"]["columns"].back().get<std::string>(),
                 std::string("</s>"));

        const QString lm_file = m_dir.filePath("lm-attention.json");
        const CliRun lm = run_tfw({"generate", "--checkpoint", m_lm, "--prompt", "a b",
                                   "--max-len-b", "3", "--attention", lm_file});
        QVERIFY2(lm.exit_code == 0, lm.err.c_str());
        std::ifstream lm_in(lm_file.toStdString());
        const json lm_attention = json::parse(lm_in)[0]["attention"];
        QCOMPARE(lm_attention.size(), size_t(1));  // a language model has decoder self-attention
        QVERIFY(lm_attention.contains("decoder_self"));
    }

    void translateMasksHeadsAsTheTranslatorDoes() {
        const QString input = write("two.txt", "a b c d\n");
        const QString file = m_dir.filePath("masked.json");
        const CliRun run =
            run_tfw({"translate", "--checkpoint", m_translation, "--input", input, "--mask-head",
                     "cross:2:3", "--mask-head", "enc:1:1", "--attention", file});
        QVERIFY2(run.exit_code == 0, run.err.c_str());
        std::ifstream in(file.toStdString());
        const json entry = json::parse(in)[0];
        QCOMPARE(entry["masked_heads"].size(), size_t(2));

        Translator translator(load_model(m_translation.toStdString()));
        DecodeOptions options = decode_options_from(translator.model().checkpoint.config.decode);
        const double unmasked = translator.translate({"a b c d"}, options)[0][0].hypothesis.score;
        translator.set_masked_heads(
            {{AttentionStack::Cross, 1, 2}, {AttentionStack::EncoderSelf, 0, 0}});
        const auto masked = translator.translate({"a b c d"}, options)[0][0];
        QCOMPARE(entry["output"].get<std::string>(), masked.text);
        QVERIFY(std::abs(entry["score"].get<double>() - masked.hypothesis.score) < 1e-4);
        QVERIFY(std::abs(masked.hypothesis.score - unmasked) > 1e-6);  // the heads mattered

        // The bf16 copy is made after the heads were masked, and follows later changes.
        options.precision = DecodePrecision::Bf16;
        const auto masked_bf16 = translator.translate({"a b c d"}, options)[0][0];
        const double tolerance = 0.05 * double(masked.hypothesis.token_log_probs.size());
        QCOMPARE(masked_bf16.text, masked.text);
        QVERIFY(std::abs(masked_bf16.hypothesis.score - masked.hypothesis.score) < tolerance);
        translator.set_masked_heads({});
        const auto unmasked_bf16 = translator.translate({"a b c d"}, options)[0][0];
        QVERIFY(std::abs(unmasked_bf16.hypothesis.score - unmasked) < tolerance);
        QVERIFY(std::abs(unmasked_bf16.hypothesis.score - masked_bf16.hypothesis.score) > 1e-6);

        // int8 where the CPU has AVX-512 VNNI or AVX2 or LibTorch has FBGEMM, else refused with
        // the reason.
        options.precision = DecodePrecision::Int8;
        if (int8_supported()) {
            const auto int8 = translator.translate({"a b c d"}, options)[0][0];
            QVERIFY(std::abs(int8.hypothesis.score - unmasked) < tolerance);
        } else {
            try {
                translator.translate({"a b c d"}, options);
                QFAIL("int8 decoding without int8 tiles or FBGEMM was not refused");
            } catch (const std::invalid_argument& e) {
                QVERIFY2(std::string(e.what()).find("FBGEMM") != std::string::npos, e.what());
            }
        }
        // ... which is said before decoding, about the precision field (the form marks it).
        const auto problems = decode_field_problems(options);
        const bool precision_flagged =
            std::any_of(problems.begin(), problems.end(),
                        [](const DecodeProblem& problem) { return problem.key == "precision"; });
        QCOMPARE(precision_flagged, !int8_supported());
    }

    void int8IsRefusedBeforeDecodingWhereItCannotRun() {
        if (int8_supported())
            QSKIP("this CPU has AVX-512 VNNI or AVX2 or this LibTorch FBGEMM: int8 decodes (tests "
                  "above)");
        const QString input = write("int8.txt", "a b\n");
        const CliRun run = run_tfw(
            {"translate", "--checkpoint", m_translation, "--input", input, "--precision", "int8"});
        QCOMPARE(run.exit_code, 2);
        QVERIFY2(contains(run.err,
                          "int8 decoding needs an x86-64 CPU with AVX2 or a LibTorch with FBGEMM"),
                 run.err.c_str());
        QVERIFY2(run.out.empty(), run.out.c_str());
    }

    void badHeadsAreNamed_data() {
        QTest::addColumn<QString>("head");
        QTest::addColumn<QString>("message");
        QTest::newRow("form") << "cross:2"
                              << "STACK:LAYER:HEAD";
        QTest::newRow("stack") << "ffn:1:1"
                               << "names no stack";
        QTest::newRow("from 1") << "cross:0:1"
                                << "a number from 1";
        QTest::newRow("layer") << "cross:3:1"
                               << "no cross-attention head 1 in layer 3";
        QTest::newRow("head") << "dec:1:5"
                              << "no decoder self-attention head 5 in layer 1";
    }

    void badHeadsAreNamed() {
        QFETCH(QString, head);
        QFETCH(QString, message);
        const QString input = write("three.txt", "a b\n");
        const CliRun run = run_tfw(
            {"translate", "--checkpoint", m_translation, "--input", input, "--mask-head", head});
        QCOMPARE(run.exit_code, 2);
        QVERIFY2(contains(run.err, message.toStdString()), run.err.c_str());
    }

    void benchDecodePrintsThroughput() {
        const CliRun run =
            run_tfw({"bench", "decode", "--checkpoint", m_translation, "--src", m_src, "--beam",
                     "2", "--batch", "2", "--threads", "1", "--precision", "bf16"});
        QVERIFY2(run.exit_code == 0, run.err.c_str());
        const json result = json::parse(run.out);
        QCOMPARE(result["sentences"].get<int>(), 3);
        QCOMPARE(result["beam"].get<int>(), 2);
        QCOMPARE(result["precision"].get<std::string>(), std::string("bf16"));
        QVERIFY(result["sentences_per_s"].get<double>() > 0);
        QVERIFY(result["tgt_tokens_per_s"].get<double>() > 0);
    }

    // The model flags both benchmarks share. Without biases the counts are exact: a gated
    // feed-forward block at 2/3 of the width has the ungated block's parameters, and 2 of 4
    // key/value heads drop half of the key and value projections.
    void benchTrainTakesComponentFlags() {
        auto params = [](const QStringList& flags) {
            QStringList args{"bench",     "train", "--threads",      "1",        "--steps",   "1",
                             "--warmup",  "0",     "--batch",        "2",        "--tgt-len", "6",
                             "--d-model", "24",    "--heads",        "4",        "--layers",  "1",
                             "--vocab",   "40",    "--decoder-only", "--no-bias"};
            args += flags;
            const CliRun run = run_tfw(args);
            if (run.exit_code != 0) throw std::runtime_error(run.err);
            return json::parse(run.out);
        };
        const json relu = params({"--ff", "96"});
        const json swiglu = params({"--ff", "64", "--activation", "swiglu", "--normalization",
                                    "rms", "--positional", "rope"});
        const json gqa = params({"--ff", "96", "--kv-heads", "2"});
        QCOMPARE(swiglu["params"].get<int64_t>(), relu["params"].get<int64_t>());
        QCOMPARE(relu["params"].get<int64_t>() - gqa["params"].get<int64_t>(),
                 int64_t(2 * 24 * 12));
        QCOMPARE(swiglu["model"]["activation"].get<std::string>(), std::string("swiglu"));
        QCOMPARE(swiglu["model"]["positional"].get<std::string>(), std::string("rope"));
        QCOMPARE(gqa["model"]["kv_heads"].get<int>(), 2);
        QVERIFY(std::isfinite(swiglu["ms_per_step"].get<double>()));
    }

    void benchGenerateMakesExactlyTheTokensAsked() {
        const CliRun run = run_tfw(
            {"bench",        "generate", "--threads",    "1",  "--batch",  "3", "--batches", "2",
             "--input-len",  "4",        "--new-tokens", "5",  "--beam",   "2", "--d-model", "16",
             "--heads",      "4",        "--ff",         "32", "--layers", "1", "--vocab",   "30",
             "--positional", "alibi",    "--kv-heads",   "1"});
        QVERIFY2(run.exit_code == 0, run.err.c_str());
        const json result = json::parse(run.out);
        QCOMPARE(result["tokens"].get<int64_t>(), int64_t(3 * 2 * 5));
        QCOMPARE(result["model"]["positional"].get<std::string>(), std::string("alibi"));
        QVERIFY(result["tokens_per_s"].get<double>() > 0);
    }

    void benchGenerateReadsPrecisionAsTranslateDoes() {
        const CliRun bench = run_tfw({"bench", "generate", "--precision", "fp16"});
        const CliRun translate = run_tfw(
            {"translate", "--checkpoint", m_translation, "--input", "-", "--precision", "fp16"});
        QCOMPARE(bench.exit_code, 2);
        QCOMPARE(translate.exit_code, 2);
        const std::string message =
            "--precision: precision (\"fp16\") must be one of fp32 | bf16 | int8";
        QVERIFY2(contains(bench.err, message), bench.err.c_str());
        QVERIFY2(contains(translate.err, message), translate.err.c_str());
    }

    void benchModelFlagsAreChecked_data() {
        QTest::addColumn<QStringList>("flags");
        QTest::addColumn<QString>("message");
        QTest::newRow("kv heads") << QStringList{"--kv-heads", "3"}
                                  << "--kv-heads must divide --heads";
        QTest::newRow("positions") << QStringList{"--positional", "spiral"}
                                   << "sinusoidal | learned | none | rope | alibi";
        QTest::newRow("activation")
            << QStringList{"--activation", "tanh"} << "relu | gelu | swiglu | geglu";
    }

    void benchModelFlagsAreChecked() {
        QFETCH(QStringList, flags);
        QFETCH(QString, message);
        for (const char* bench : {"train", "generate"}) {
            const CliRun run = run_tfw(QStringList{"bench", bench} + flags);
            QCOMPARE(run.exit_code, 2);
            QVERIFY2(contains(run.err, message.toStdString()), run.err.c_str());
        }
    }
};

QTEST_APPLESS_MAIN(TestDecodeCli)
#include "test_decode_cli.moc"
