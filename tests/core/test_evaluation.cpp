// Evaluating a checkpoint (core/eval) and teacher-forced scoring (core/decode/forced_score)
// on tiny untrained checkpoints written here: forced scores agree with the decoder's own,
// per-sentence scores agree with the metrics, results survive the round trip through the
// run folder, and cancelling stops early.
#include <QTemporaryDir>
#include <QtTest>

#include <ATen/ATen.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>

#include "tests/core/test_support.h"

#include "core/compare/compare_item.h"
#include "core/compare/metrics_table.h"
#include "core/config/decode_fields.h"
#include "core/decode/forced_score.h"
#include "core/decode/translator.h"
#include "core/eval/evaluation.h"
#include "core/eval/evaluation_reader.h"
#include "core/eval/length_extrapolation.h"
#include "core/eval/reference_loss.h"
#include "core/io/model_io.h"
#include "core/metrics/bleu.h"
#include "core/metrics/chrf.h"
#include "core/metrics/rouge.h"
#include "core/runtime/compute_threads.h"

using namespace tfw;

namespace {

const std::vector<std::string> kSources{"a b c", "d e", "f a b c d", "b b a"};
const std::vector<std::string> kReferences{"c b a", "e d", "d c b a f", "a b b"};

EvaluationSet custom_set() {
    EvaluationSet set;
    set.src_file = "src.txt";
    set.ref_file = "ref.txt";
    set.sources = kSources;
    set.references = kReferences;
    return set;
}

}  // namespace

class TestEvaluation : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::string m_translation, m_summarizer, m_lm;

  private Q_SLOTS:
    void initTestCase() {
        // One thread, BLAS's too, as tfw runs in run_tfw (OMP_NUM_THREADS=1): some BLAS kernels
        // (OpenBLAS's Haswell ones) sum differently on two threads, and the printed figures are
        // compared with these to 1e-9.
        configure_threads(1);
        QVERIFY(m_dir.isValid());
        m_translation = test::write_tiny_run(m_dir.path().toStdString(), "mt", Task::Translation);
        m_summarizer = test::write_tiny_run(m_dir.path().toStdString(), "sum", Task::Summarization);
        m_lm = test::write_tiny_run(m_dir.path().toStdString(), "lm", Task::LanguageModel);
    }

    void forcedScoresMatchTheDecodersOwn_data() {
        QTest::addColumn<bool>("lm");
        QTest::newRow("translation") << false;
        QTest::newRow("language model") << true;
    }
    void forcedScoresMatchTheDecodersOwn() {
        QFETCH(bool, lm);
        Translator translator(load_model(lm ? m_lm : m_translation));
        DecodeOptions options;
        options.beam = 3;
        options.nbest = 3;
        options.max_len_b = 6;
        const auto outputs = translator.translate({"a b c"}, options).front();
        QVERIFY(!outputs.empty());
        for (const TranslationOutput& output : outputs) {
            const ForcedScore forced = score_output(translator, "a b c", output.text);
            QCOMPARE(forced.tokens, output.hypothesis.tokens);
            QCOMPARE(forced.pieces, output.pieces);
            // The decoder's list ends with EOS, chosen or forced at the length limit.
            const auto& decoded = output.hypothesis.token_log_probs;
            QCOMPARE(forced.token_log_probs.size(), output.hypothesis.tokens.size() + 1);
            for (size_t k = 0; k < decoded.size(); ++k)
                QVERIFY2(std::abs(forced.token_log_probs[k] - decoded[k]) < 1e-4,
                         qPrintable(QString("token %1: %2 vs %3")
                                        .arg(k)
                                        .arg(forced.token_log_probs[k])
                                        .arg(decoded[k])));
            double sum = 0;
            for (float v : forced.token_log_probs) sum += v;
            QVERIFY(std::abs(forced.total - sum) < 1e-9);
            QVERIFY(std::abs(forced.perplexity() -
                             std::exp(-sum / double(forced.token_log_probs.size()))) < 1e-9);
        }
    }

    void batchedForcedScoresEqualOneByOne() {
        LoadedModel loaded = load_model(m_translation);
        const std::vector<std::vector<int>> inputs{{4, 5, 6, 3}, {7, 3}, {9, 4, 5, 6, 7, 3}};
        const std::vector<std::vector<int>> outputs{{6, 5, 4}, {}, {7, 6, 5, 4, 9, 9}};
        const auto together = force_score_ids(*loaded.model, inputs, outputs, 8);
        for (size_t i = 0; i < inputs.size(); ++i) {
            const auto alone = force_score_ids(*loaded.model, {inputs[i]}, {outputs[i]}).front();
            QCOMPARE(together[i].token_log_probs.size(), outputs[i].size() + 1);
            for (size_t k = 0; k < alone.token_log_probs.size(); ++k)
                QVERIFY(std::abs(together[i].token_log_probs[k] - alone.token_log_probs[k]) < 1e-5);
        }
        QVERIFY_EXCEPTION_THROWN(force_score_ids(*loaded.model, inputs, {{1}}),
                                 std::invalid_argument);
    }

    void translationGetsBleuAndSentenceScores() {
        Translator translator(load_model(m_translation));
        const auto evaluation = evaluate(translator, m_translation, custom_set(), DecodeOptions());
        QVERIFY(evaluation.has_value());
        QVERIFY(evaluation->metric("bleu"));
        QVERIFY(evaluation->metric("chrf"));
        QVERIFY(!evaluation->metric("rougeL"));
        QCOMPARE(evaluation->checkpoint_step, int64_t(42));
        QCOMPARE(evaluation->sentence_metric, std::string("sentence BLEU"));
        QCOMPARE(evaluation->sentences.size(), kSources.size());
        std::vector<std::string> hypotheses;
        for (size_t i = 0; i < kSources.size(); ++i) {
            const SentenceResult& s = evaluation->sentences[i];
            QCOMPARE(s.index, i);
            QCOMPARE(s.source, kSources[i]);
            QCOMPARE(s.reference, kReferences[i]);
            QCOMPARE(s.score, sentence_bleu(s.hypothesis, {kReferences[i]}).score);
            hypotheses.push_back(s.hypothesis);
        }
        QCOMPARE(evaluation->metric("bleu")->value, corpus_bleu(hypotheses, {kReferences}).score);
        QCOMPARE(evaluation->metric("bleu")->signature, bleu_signature({}, 1));
        QCOMPARE(evaluation->metric("chrf")->value, corpus_chrf(hypotheses, {kReferences}).score);
        QVERIFY(evaluation->loss.perplexity() > 1.0);
    }

    // A model whose tokenizer lowercases is scored against lowercased references (sacreBLEU
    // -lc), and the signature and the saved file say so.
    void aLowercasingModelIsScoredLowercased() {
        Translator translator(load_model(m_translation));
        translator.model().checkpoint.config.tokenizer.lowercase = true;
        const auto lower = evaluate(translator, m_translation, custom_set(), DecodeOptions());
        // The same references cased ("C b a"); the tiny model writes lowercase words.
        EvaluationSet set = custom_set();
        for (auto& reference : set.references) reference[0] = char(std::toupper(reference[0]));
        const auto cased = evaluate(translator, m_translation, set, DecodeOptions());
        QVERIFY(cased->scoring.lowercase);
        QCOMPARE(cased->metric("bleu")->value, lower->metric("bleu")->value);
        QCOMPARE(cased->metric("chrf")->value, lower->metric("chrf")->value);
        QVERIFY(cased->metric("bleu")->signature.find("case:lc") != std::string::npos);
        QVERIFY(cased->metric("chrf")->signature.find("case:lc") != std::string::npos);
        for (size_t i = 0; i < set.sources.size(); ++i)
            QCOMPARE(cased->sentences[i].score, lower->sentences[i].score);
        const Evaluation back = evaluation_from_json(nlohmann::json::parse(to_json(*cased).dump()));
        QVERIFY(back.scoring.lowercase);
        QVERIFY(!back.scoring.rouge_stemmer);

        // A cased model compares case as it is.
        translator.model().checkpoint.config.tokenizer.lowercase = false;
        const auto mixed = evaluate(translator, m_translation, set, DecodeOptions());
        QVERIFY(mixed->metric("bleu")->signature.find("case:mixed") != std::string::npos);
        QVERIFY(!mixed->scoring.lowercase);
    }

    // Everything that decides a saved result comes back from its file: every decoding
    // setting and how outputs were scored.
    void savedEvaluationsKeepEveryDecodingSetting() {
        Translator translator(load_model(m_translation));
        DecodeOptions options;
        options.beam = 4;
        options.nbest = 2;
        options.lenpen = 0.6;
        options.lenpen_form = LengthPenaltyForm::Gnmt;
        options.min_len = 1;
        options.max_len_a = 1.5;
        options.max_len_b = 5;
        options.no_repeat_ngram = 3;
        options.temperature = 0.8;
        options.top_k = 7;
        options.top_p = 0.95;
        options.seed = 9;
        const auto evaluation = evaluate(translator, m_translation, custom_set(), options);
        QVERIFY(evaluation.has_value());
        const Evaluation back =
            evaluation_from_json(nlohmann::json::parse(to_json(*evaluation).dump()));
        QCOMPARE(to_json(static_cast<const DecodeSettings&>(back.decode)).dump(),
                 to_json(static_cast<const DecodeSettings&>(options)).dump());
        QVERIFY(to_json(static_cast<const DecodeSettings&>(options)).dump() !=
                to_json(DecodeSettings()).dump());

        Translator summarizer(load_model(m_summarizer));
        const auto rouge = evaluate(summarizer, m_summarizer, custom_set(), DecodeOptions());
        QCOMPARE(rouge->metric("rougeL")->json["use_stemmer"].get<bool>(), false);
        QCOMPARE(to_json(*rouge)["scoring"]["rouge_stemmer"].get<bool>(), false);
    }

    void summarizationGetsRouge() {
        Translator translator(load_model(m_summarizer));
        const auto evaluation = evaluate(translator, m_summarizer, custom_set(), DecodeOptions());
        QVERIFY(!evaluation->metric("bleu"));
        QCOMPARE(evaluation->sentence_metric, std::string("ROUGE-L F1"));
        std::vector<std::string> hypotheses;
        for (const SentenceResult& s : evaluation->sentences) {
            QCOMPARE(s.score, 100.0 * rouge_score(s.reference, s.hypothesis).rougeL.fmeasure);
            hypotheses.push_back(s.hypothesis);
        }
        const RougeScores mean = rouge_mean(rouge_score_lines(kReferences, hypotheses));
        QCOMPARE(evaluation->metric("rouge1")->value, 100.0 * mean.rouge1.fmeasure);
        QCOMPARE(evaluation->metric("rouge2")->value, 100.0 * mean.rouge2.fmeasure);
        QCOMPARE(evaluation->metric("rougeL")->value, 100.0 * mean.rougeL.fmeasure);
        QCOMPARE(evaluation->metric("rougeLsum")->value, 100.0 * mean.rougeLsum.fmeasure);
    }

    void languageModelGetsPerplexityPerLine() {
        Translator translator(load_model(m_lm));
        EvaluationSet set;
        set.sources = kSources;
        const auto evaluation = evaluate(translator, m_lm, set, DecodeOptions());
        QVERIFY(!evaluation->higher_is_better);
        QCOMPARE(evaluation->sentences.size(), kSources.size());
        for (const SentenceResult& s : evaluation->sentences) {
            QVERIFY(s.score > 1.0);
            QVERIFY(s.hypothesis.empty());
        }
        QVERIFY(evaluation->loss.perplexity() > 1.0);
        // Word-level tokens: one per word, so no separate per-word figure.
        QCOMPARE(evaluation->loss.tokens_per_word, 1.0);
        QCOMPARE(evaluation->loss.word_perplexity(), 0.0);
    }

    // Length extrapolation: the training window scores as validation does, longer windows are
    // scored too (rope has no table), a table model reports the windows it cannot read, and
    // `tfw eval --window` prints them; a sequence-to-sequence model is refused.
    void readsExtrapolationWindows() {
        ExperimentConfig lm;
        lm.data.max_tgt_len = 32;
        QCOMPARE(parse_extrapolation_windows("64, 128", lm), (std::vector<int>{64, 128}));
        QCOMPARE(parse_extrapolation_windows(" auto ", lm), (std::vector<int>{32, 64, 128}));
        QCOMPARE(parse_extrapolation_windows("", lm), (std::vector<int>{32, 64, 128}));
        QCOMPARE(parse_extrapolation_windows("64,x", lm), std::vector<int>{});
        QCOMPARE(parse_extrapolation_windows("64,1", lm), std::vector<int>{});
        QCOMPARE(parse_extrapolation_windows("64 128", lm), std::vector<int>{});
    }

    void lengthExtrapolationScoresEveryWindow() {
        const std::string dir = m_dir.path().toStdString();
        const std::string rope =
            test::write_tiny_run(dir, "lm-rope", Task::LanguageModel, [](ExperimentConfig& c) {
                c.model.positional = Positional::Rope;
                c.data.max_tgt_len = 8;
            });
        std::vector<std::string> lines;
        for (int i = 0; i < 40; ++i) lines.push_back(i % 2 ? "a b c d" : "f e d c b a");
        LoadedModel model = load_model(rope);
        const auto results = length_extrapolation(
            model, lines, default_extrapolation_windows(model.checkpoint.config));
        QCOMPARE(results.size(), size_t(3));
        QCOMPARE(results[2].window, 32);
        QCOMPARE(results[0].loss.nll, text_loss(model, lines).nll);
        for (const WindowPerplexity& r : results) {
            QVERIFY(r.error.empty());
            QCOMPARE(r.loss.tokens, results[0].loss.tokens);  // the same text every time
            QVERIFY(std::isfinite(r.loss.perplexity()) && r.loss.perplexity() > 1);
        }
        QVERIFY(results[2].loss.nll != results[0].loss.nll);

        LoadedModel table = load_model(m_lm);  // sinusoidal, 64 positions
        const auto past = length_extrapolation(table, lines, {8, 128});
        QVERIFY(past[0].error.empty());
        QVERIFY2(past[1].error.find("max_positions") != std::string::npos, past[1].error.c_str());
        LoadedModel mt = load_model(m_translation);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, length_extrapolation(mt, lines, {8}));

        const QString text = m_dir.filePath(QStringLiteral("extrapolation.txt"));
        {
            std::ofstream out(text.toStdString());
            for (const auto& line : lines) out << line << "\n";
        }
        const test::CliRun run =
            test::run_tfw({"eval", "--checkpoint", QString::fromStdString(rope), "--src", text,
                           "--window", "auto"});
        QVERIFY2(run.exit_code == 0, run.err.c_str());
        const nlohmann::json printed = nlohmann::json::parse(run.out);
        QCOMPARE(printed.at("trained_window").get<int>(), 8);
        QCOMPARE(printed.at("positional").get<std::string>(), std::string("rope"));
        QCOMPARE(printed.at("windows").size(), size_t(3));
        QCOMPARE(printed["windows"][1]["window"].get<int>(), 16);
        QVERIFY(std::abs(printed["windows"][1]["perplexity"].get<double>() -
                         results[1].loss.perplexity()) < 1e-9 * results[1].loss.perplexity());
        const test::CliRun refused =
            test::run_tfw({"eval", "--checkpoint", QString::fromStdString(m_translation), "--src",
                           text, "--window", "16"});
        QVERIFY(refused.exit_code != 0);
        QVERIFY2(refused.err.find("language model") != std::string::npos, refused.err.c_str());
    }

    // Lines are scored shortest first in batches under train.batch_tokens; each keeps its place
    // and scores as it would alone.
    void languageModelScoresEachLineAsIfAlone() {
        Translator translator(load_model(m_lm));
        LoadedModel& loaded = translator.model();
        loaded.checkpoint.config.train.batch_tokens = 8;  // three batches for kSources
        EvaluationSet set;
        set.sources = kSources;
        std::vector<size_t> progress;
        const auto evaluation = evaluate(translator, m_lm, set, DecodeOptions(), std::nullopt,
                                         [&](size_t done, size_t) {
                                             progress.push_back(done);
                                             return true;
                                         });
        QCOMPARE(progress, (std::vector<size_t>{2, 3, 4}));
        QCOMPARE(evaluation->sentences.size(), kSources.size());
        for (size_t i = 0; i < kSources.size(); ++i) {
            const SentenceResult& s = evaluation->sentences[i];
            QCOMPARE(s.index, i);
            QCOMPARE(s.source, kSources[i]);
            const double alone = force_score_ids(*loaded.model, {{kEosId}},
                                                 {loaded.tgt_tokenizer->encode(kSources[i])})
                                     .front()
                                     .perplexity();
            QVERIFY2(std::abs(s.score - alone) < 1e-4 * alone,
                     qPrintable(QString("%1 against %2").arg(s.score).arg(alone)));
        }
    }

    void cancellingReturnsNothing() {
        Translator translator(load_model(m_translation));
        DecodeOptions options;
        options.batch_size = 1;
        size_t furthest = 0;
        const auto evaluation = evaluate(translator, m_translation, custom_set(), options,
                                         std::nullopt, [&](size_t done, size_t total) {
                                             furthest = std::max(furthest, done);
                                             return done < total / 2;
                                         });
        QVERIFY(!evaluation.has_value());
        QCOMPARE(furthest, kSources.size() / 2);  // nothing decoded after the answer
    }

    void resultsRoundTripThroughTheRunFolder() {
        const std::string run = run_dir_of_checkpoint(m_translation);
        QCOMPARE(std::filesystem::path(run).filename().string(), std::string("mt"));
        QCOMPARE(run_dir_of_checkpoint(m_dir.filePath("elsewhere.tfw").toStdString()),
                 std::string());
        QCOMPARE(run_dir_of_checkpoint(""), std::string());
        Translator translator(load_model(m_translation));
        const auto first = evaluate(translator, m_translation, custom_set(), DecodeOptions());
        const std::string path = save_evaluation(run, *first);
        const std::string second_path = save_evaluation(run, *first);
        QVERIFY(path != second_path);  // same second, same names: never overwritten
        const nlohmann::json j = nlohmann::json::parse(std::ifstream(path));
        QCOMPARE(j["checkpoint"].get<std::string>(), m_translation);
        QCOMPARE(j["checkpoint_step"].get<int64_t>(), int64_t(42));
        QCOMPARE(j["split"].get<std::string>(), std::string("custom"));
        QCOMPARE(j["bleu"]["score"].get<double>(), first->metric("bleu")->value);
        QCOMPARE(j["per_sentence"].size(), kSources.size());
        QCOMPARE(j["per_sentence"][1]["hypothesis"].get<std::string>(),
                 first->sentences[1].hypothesis);
        // What the Compare area and tfw compare read back.
        const auto saved = read_evaluations(run);
        QCOMPARE(saved.size(), size_t(2));
        QCOMPARE(saved.front().metric("bleu")->value, first->metric("bleu")->value);
        QCOMPARE(saved.front().loss.perplexity(), first->loss.perplexity());
        QCOMPARE(std::set<std::string>({saved[0].file, saved[1].file}),
                 std::set<std::string>({path, second_path}));
    }

    void everyRegisteredMetricReachesFileReaderAndComparison_data() {
        QTest::addColumn<bool>("summarization");
        QTest::newRow("translation") << false;
        QTest::newRow("summarization") << true;
    }
    // What the registry gives a task is computed, saved under its key, read back and compared,
    // with nothing but the registry entry naming it.
    void everyRegisteredMetricReachesFileReaderAndComparison() {
        QFETCH(bool, summarization);
        const std::string checkpoint = summarization ? m_summarizer : m_translation;
        const Task task = summarization ? Task::Summarization : Task::Translation;
        Translator translator(load_model(checkpoint));
        const auto evaluation = evaluate(translator, checkpoint, custom_set(), DecodeOptions());
        const std::string path = save_evaluation(run_dir_of_checkpoint(checkpoint), *evaluation);
        const nlohmann::json saved = nlohmann::json::parse(std::ifstream(path));
        const Evaluation read = read_evaluation(path);
        const ComparisonTable table = metrics_table({load_compare_item(checkpoint)});
        QVERIFY(!metrics_for(task).empty());
        QCOMPARE(evaluation->metrics.size(), metrics_for(task).size());
        QCOMPARE(read.metrics.size(), metrics_for(task).size());
        for (const MetricInfo* metric : metrics_for(task)) {
            const MetricScore* computed = evaluation->metric(metric->key);
            QVERIFY2(computed, metric->key.c_str());
            QVERIFY2(std::isfinite(computed->value), metric->key.c_str());
            QVERIFY(saved.at(metric->key) == nlohmann::json(computed->json));
            QCOMPARE(read.metric(metric->key)->value, computed->value);
            QCOMPARE(read.metric(metric->key)->signature, computed->signature);
            const auto row =
                std::find_if(table.rows.begin(), table.rows.end(),
                             [&](const ComparisonRow& r) { return r.label == metric->name; });
            QVERIFY2(row != table.rows.end(), metric->name.c_str());
            QCOMPARE(row->values.at(0), computed->value);
        }
        QCOMPARE(read.sentence_metric, evaluation->sentence_metric);
        QCOMPARE(read.sentences.size(), evaluation->sentences.size());
        for (size_t i = 0; i < read.sentences.size(); ++i) {
            QCOMPARE(read.sentences[i].hypothesis, evaluation->sentences[i].hypothesis);
            QCOMPARE(read.sentences[i].score, evaluation->sentences[i].score);
        }
    }

    // A summarization result as earlier versions wrote it (here with two of the ROUGE keys).
    void savedFilesOfEarlierVersionsLoad() {
        const std::string path = m_dir.filePath("earlier.json").toStdString();
        std::ofstream(path) << R"({"checkpoint":"/r/checkpoints/best.tfw","checkpoint_step":7,)"
                               R"("split":"test","created_at":"2026-11-01T10:00:00Z",)"
                               R"("task":"summarization","sentences":1,"loss":2.0,)"
                               R"("perplexity":7.38905609893065,"tokens":10,)"
                               R"("rouge1":{"precision":0.5,"recall":0.25,"fmeasure":0.375},)"
                               R"("rougeL":{"precision":0.5,"recall":0.5,"fmeasure":0.5},)"
                               R"("decode":{"beam":4,"lenpen":0.6,"sample":false},)"
                               R"("seconds":1.5,"sentence_metric":"ROUGE-L F1","per_sentence":)"
                               R"([{"index":0,"source":"s","reference":"r","hypothesis":"h",)"
                               R"("score":null}]})";
        const Evaluation e = read_evaluation(path);
        QCOMPARE(e.file, path);
        QCOMPARE(e.task, Task::Summarization);
        QCOMPARE(e.checkpoint_step, int64_t(7));
        QCOMPARE(e.metrics.size(), size_t(2));
        QCOMPARE(e.metric("rouge1")->value, 37.5);
        QCOMPARE(e.metric("rougeL")->value, 50.0);
        QVERIFY(!e.metric("rouge2"));
        QCOMPARE(e.loss.perplexity(), std::exp(2.0));
        QCOMPARE(e.decode.beam, 4);
        QCOMPARE(e.sentence_metric, std::string("ROUGE-L F1"));
        QVERIFY(e.higher_is_better);
        QCOMPARE(e.sentences.size(), size_t(1));
        QCOMPARE(e.sentences[0].hypothesis, std::string("h"));
        QVERIFY(std::isnan(e.sentences[0].score));  // NaN is saved as null

        const std::string other = m_dir.filePath("not-an-evaluation.json").toStdString();
        std::ofstream(other) << "[1, 2]";
        QVERIFY_EXCEPTION_THROWN(read_evaluation(other), EvaluationFileError);
    }

    void splitsComeFromTheExperiment() {
        ExperimentConfig config = test::tiny_model_config(Task::Translation);
        config.data.synthetic = Synthetic::Reverse;
        const EvaluationSet valid = evaluation_split(config, "valid");
        QCOMPARE(valid.sources.size(), size_t(500));
        QCOMPARE(valid.references.size(), size_t(500));
        QVERIFY(valid.sources != evaluation_split(config, "test").sources);

        config.data.synthetic = Synthetic::None;
        config.data.dir = m_dir.path().toStdString();
        std::ofstream(m_dir.filePath("t.src").toStdString()) << "a\nb\n";
        std::ofstream(m_dir.filePath("t.tgt").toStdString()) << "c\n";
        config.data.test_src = "t.src";
        config.data.test_tgt = "t.tgt";
        try {
            evaluation_split(config, "test");
            QFAIL("misaligned files were accepted");
        } catch (const std::exception& e) {
            QVERIFY2(QString(e.what()).contains("t.tgt"), e.what());
        }
        config.data.valid_src.clear();
        try {
            evaluation_split(config, "valid");
            QFAIL("a split without files was accepted");
        } catch (const std::exception& e) {
            QVERIFY2(QString(e.what()).contains("data.valid_src is empty"), e.what());
        }
    }
};

QTEST_APPLESS_MAIN(TestEvaluation)
#include "test_evaluation.moc"
