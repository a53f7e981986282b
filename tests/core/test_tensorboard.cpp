// A run's scalars for other tools. Its TensorBoard event files, read back with TensorBoard's own
// Python reader (.deps/interop, scripts/install-deps.sh --interop), hold every reported value
// at its step, the config as text and its settings as HParams, and a resumed run shows each
// step once; the CSV/JSON export (tfw export --history) holds the same numbers.
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/compare/run_scalars.h"
#include "core/config/config_io.h"
#include "core/eval/evaluation.h"
#include "core/io/crc32c.h"
#include "core/io/event_file_writer.h"
#include "core/io/run_directory.h"
#include "core/io/run_tensorboard_log.h"
#include "core/train/trainer.h"

#include "tests/core/test_support.h"

using namespace tfw;
namespace fs = std::filesystem;

namespace {

struct StopAfter : TrainingObserver {
    TrainingControl* control = nullptr;
    int64_t step = -1;
    void on_step(const StepReport& r) override {
        if (r.step == step) control->stop = true;
    }
};

// Set by CTest (tests/CMakeLists.txt).
QString interop_python() {
    return qEnvironmentVariable("TFW_INTEROP_PYTHON");
}

// What read_tensorboard.py printed; throws with its errors when it failed.
nlohmann::json read_with_tensorboard(const std::string& run_dir) {
    QProcess reader;
    reader.start(interop_python(),
                 {qEnvironmentVariable("TFW_TEST_TOOLS_DIR") + "/read_tensorboard.py",
                  QString::fromStdString(run_dir)});
    if (!reader.waitForFinished(120000) || reader.exitCode() != 0)
        throw std::runtime_error("read_tensorboard.py failed: " +
                                 reader.readAllStandardError().toStdString());
    return nlohmann::json::parse(reader.readAllStandardOutput().toStdString());
}

// The scalars TensorBoard shows for `tag`, against what the run reported (float32: what
// simple_value holds).
void compare_series(const nlohmann::json& shown, const std::string& tag,
                    const std::vector<std::pair<int64_t, double>>& reported) {
    QVERIFY2(shown["scalars"].contains(tag), tag.c_str());
    const nlohmann::json& points = shown["scalars"][tag];
    QCOMPARE(points.size(), reported.size());
    for (size_t i = 0; i < reported.size(); ++i) {
        QCOMPARE(points[i][0].get<int64_t>(), reported[i].first);
        QCOMPARE(points[i][1].get<float>(), float(reported[i].second));
    }
}

template <typename Report, typename Field>
std::vector<std::pair<int64_t, double>> series(const std::vector<Report>& reports, Field field) {
    std::vector<std::pair<int64_t, double>> out;
    for (const Report& r : reports) out.emplace_back(r.step, field(r));
    return out;
}

}  // namespace

class TestTensorBoard : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::string path(const char* name) { return m_dir.filePath(name).toStdString(); }
    std::string m_shown_run;  // the run TensorBoard read, and what it showed
    nlohmann::json m_shown;

  private Q_SLOTS:
    void initTestCase() {
        if (interop_python().isEmpty() || !fs::exists(interop_python().toStdString()))
            QSKIP(
                "TensorBoard's reader is not installed: run scripts/install-deps.sh --interop "
                "(and the test through ctest, which names it)");
    }

    void crc32cMatchesThePublishedCheckValues() {
        QCOMPARE(crc32c("123456789", 9), 0xE3069283u);  // the CRC catalogue's check value
        const std::string zeros(32, '\0'), ones(32, '\xFF');
        QCOMPARE(crc32c(zeros.data(), zeros.size()), 0x8A9136AAu);  // RFC 3720, B.4
        QCOMPARE(crc32c(ones.data(), ones.size()), 0x62A8AB43u);
        QCOMPARE(crc32c("56789", 5, crc32c("1234", 4)), 0xE3069283u);  // continued
    }

    // A run stopped at step 5, resumed from its step-4 checkpoint (as after a crash: steps 5
    // was logged but not saved), then evaluated: TensorBoard shows each step once, with the
    // values history.jsonl keeps.
    void aResumedAndEvaluatedRunReadsBackInTensorBoard() {
        const std::string dir = path("run");
        m_shown_run = dir;
        ExperimentConfig c = test::tiny_reverse_run();
        c.train.save_every = 4;
        c.train.valid_every = 4;
        StopAfter stopper;
        TrainingControl control;
        stopper.control = &control;
        stopper.step = 5;
        QCOMPARE(int(train_new(c, dir, stopper, control).reason), int(FinishReason::Stopped));
        const RunPaths paths(dir);
        fs::copy_file(paths.step_checkpoint(4), paths.last_checkpoint(),
                      fs::copy_options::overwrite_existing);
        TrainingControl resume_control;
        StopAfter none;
        QCOMPARE(int(train_resume(dir, none, resume_control).reason), int(FinishReason::Completed));

        Evaluation evaluation;
        evaluation.checkpoint = paths.best_checkpoint();
        evaluation.checkpoint_step = 12;
        evaluation.split = "test";
        evaluation.created_at = utc_timestamp();
        for (const MetricInfo& metric : metric_registry())
            if (metric.key == "bleu" || metric.key == "chrf")
                evaluation.metrics[metric.key] = metric.corpus(
                    {"the cat sat on the mat"}, {"the cat sat on a mat"}, ScoringSettings{});
        evaluation.loss.nll = 20;
        evaluation.loss.tokens = 10;
        save_evaluation(dir, evaluation);

        const nlohmann::json shown = read_with_tensorboard(dir);
        m_shown = shown;
        QCOMPARE(shown["files"].size(), size_t(3));  // two sessions and the evaluation
        for (const auto& file : shown["files"])
            QCOMPARE(file["file_version"].get<std::string>(), std::string("brain.Event:2"));

        const RunHistory history = read_history(dir);
        QCOMPARE(history.steps.size(), size_t(12));
        compare_series(shown, "train/loss",
                       series(history.steps, [](const StepReport& r) { return r.train_loss; }));
        compare_series(shown, "train/perplexity", series(history.steps, [](const StepReport& r) {
                           return std::exp(r.train_nll);
                       }));
        compare_series(shown, "train/lr",
                       series(history.steps, [](const StepReport& r) { return r.lr; }));
        compare_series(shown, "train/grad_norm",
                       series(history.steps, [](const StepReport& r) { return r.grad_norm; }));
        compare_series(shown, "train/tokens_per_s",
                       series(history.steps, [](const StepReport& r) { return r.tokens_per_s; }));
        QCOMPARE(history.validations.size(), size_t(3));  // steps 4, 8, 12
        compare_series(
            shown, "valid/loss",
            series(history.validations, [](const ValidationReport& r) { return r.loss; }));
        compare_series(
            shown, "valid/perplexity",
            series(history.validations, [](const ValidationReport& r) { return r.perplexity; }));
        compare_series(
            shown, "valid/accuracy",
            series(history.validations, [](const ValidationReport& r) { return r.accuracy; }));
        QVERIFY(!shown["scalars"].contains("valid/word_perplexity"));  // not a word-level LM
        compare_series(shown, "eval/test/bleu", {{12, evaluation.metrics["bleu"].value}});
        compare_series(shown, "eval/test/chrf", {{12, evaluation.metrics["chrf"].value}});
        compare_series(shown, "eval/test/loss", {{12, 2.0}});
        compare_series(shown, "eval/test/perplexity", {{12, std::exp(2.0)}});

        // The config as text: the JSON of config.json, as a Markdown code block.
        const nlohmann::json config = to_json(load_config_file(paths.config()));
        std::string text = shown["text"]["config"].get<std::string>();
        QVERIFY(text.rfind("    {", 0) == 0);
        for (size_t at = 0; (at = text.find("\n    ", at)) != std::string::npos;)
            text.erase(at + 1, 4);
        QCOMPARE(nlohmann::json::parse(text.substr(4)), config);

        // Every setting as a hyper-parameter, once; the one session that ended, a success.
        const auto expected = config_hparams(config);
        const nlohmann::json& hparams = shown["hparams"];
        QCOMPARE(hparams.size(), expected.size());
        QCOMPARE(hparams["model.d_model"].get<double>(), 32.0);
        QCOMPARE(hparams["model.positional"].get<std::string>(),
                 to_json(c)["model"]["positional"].get<std::string>());
        QCOMPARE(hparams["train.save_every"].get<double>(), 4.0);
        for (const auto& [name, value] : expected) {
            QVERIFY2(hparams.contains(name), name.c_str());
            if (const double* number = std::get_if<double>(&value))
                QCOMPARE(hparams[name].get<double>(), *number);
            else if (const bool* flag = std::get_if<bool>(&value))
                QCOMPARE(hparams[name].get<bool>(), *flag);
            else
                QCOMPARE(hparams[name].get<std::string>(), std::get<std::string>(value));
        }
        QCOMPARE(shown["session_end"], nlohmann::json::array({"STATUS_SUCCESS"}));
    }

    // The export has TensorBoard's tags, steps and values; its wall times are the run's start
    // plus its training time, within moments of when the events were written.
    void theExportHoldsWhatTensorBoardShows() {
        QVERIFY(!m_shown.is_null());
        const nlohmann::json exported = nlohmann::json::parse(
            format_scalars({{"run", run_scalars(m_shown_run)}}, {}, ScalarFormat::Json));
        QCOMPARE(exported["run"].size(), m_shown["scalars"].size());
        for (const auto& [tag, points] : m_shown["scalars"].items()) {
            QVERIFY2(exported["run"].contains(tag), tag.c_str());
            const nlohmann::json& mine = exported["run"][tag];
            QCOMPARE(mine.size(), points.size());
            for (size_t i = 0; i < points.size(); ++i) {
                QCOMPARE(mine[i][1].get<int64_t>(), points[i][0].get<int64_t>());
                QCOMPARE(float(mine[i][2].get<double>()), points[i][1].get<float>());
            }
        }
        const nlohmann::json times = nlohmann::json::parse(format_scalars(
            {{"run", run_scalars(m_shown_run)}}, {"valid/loss"}, ScalarFormat::Json));
        QCOMPARE(times.size(), size_t(3));  // one run, one tag: [[wall time, step, value], ...]
        for (const auto& point : times)
            QVERIFY(std::abs(point[0].get<double>() - wall_time_now()) < 600);
    }

    // On the command line: TensorBoard's CSV for one run and tag, the long form for more, and
    // a tag no run has is refused with those there are.
    void theCommandLineExportsCsvAndJson() {
        QVERIFY(!m_shown_run.empty());
        const QString run = QString::fromStdString(m_shown_run);
        test::CliRun one = test::run_tfw({"export", "--history", run, "--tag", "valid/accuracy"});
        QCOMPARE(one.exit_code, 0);
        std::istringstream lines(one.out);
        std::string line;
        std::getline(lines, line);
        QCOMPARE(line, std::string("Wall time,Step,Value"));
        const nlohmann::json& accuracy = m_shown["scalars"]["valid/accuracy"];
        for (const auto& point : accuracy) {
            QVERIFY(std::getline(lines, line));
            const size_t first = line.find(','), second = line.find(',', first + 1);
            QCOMPARE(std::stoll(line.substr(first + 1, second - first - 1)),
                     point[0].get<long long>());
            QCOMPARE(std::stof(line.substr(second + 1)), point[1].get<float>());
        }
        QVERIFY(!std::getline(lines, line));

        const std::string out = path("both.json");
        const test::CliRun both = test::run_tfw({"export", "--history", run, run, "--tag",
                                                 "train/lr", "--out", QString::fromStdString(out)});
        QCOMPARE(both.exit_code, 0);
        std::ifstream file(out);
        const nlohmann::json json = nlohmann::json::parse(file);
        // A folder given twice is exported once: one run, one tag, TensorBoard's own JSON.
        QCOMPARE(json.size(), size_t(12));
        QCOMPARE(json[11][1].get<int64_t>(), int64_t(12));
        QCOMPARE(json[11][2].get<float>(), m_shown["scalars"]["train/lr"][11][1].get<float>());

        const test::CliRun unknown = test::run_tfw({"export", "--history", run, "--tag", "nope"});
        QCOMPARE(unknown.exit_code, 2);
        QVERIFY2(unknown.err.find("no run has the scalar 'nope'; there are: eval/test/bleu") !=
                     std::string::npos,
                 unknown.err.c_str());
    }

    // A damaged record is refused by TensorBoard's reader: the CRCs are the ones it checks.
    void aDamagedRecordFailsTheReadersCrcCheck() {
        const std::string dir = path("damaged");
        std::string file;
        {
            EventFileWriter writer(dir);
            QVERIFY(writer.write(file_version_event(wall_time_now())));
            QVERIFY(writer.write(scalar_event("train/loss", 2.5, 1, wall_time_now())));
            file = writer.path();
        }
        QCOMPARE(read_with_tensorboard(dir)["scalars"]["train/loss"][0][1].get<float>(), 2.5f);
        std::fstream damage(file, std::ios::in | std::ios::out | std::ios::binary);
        damage.seekp(-6, std::ios::end);  // inside the last event's bytes
        damage.put('\x55');
        damage.close();
        try {
            read_with_tensorboard(dir);
            QFAIL("the damaged file was read");
        } catch (const std::runtime_error& e) {
            QVERIFY2(std::strstr(e.what(), "failed event crc32 check"), e.what());
        }
    }

    // Event files stay apart: a second writer in the same second gets a file of its own.
    void writersStartedTogetherGetFilesOfTheirOwn() {
        EventFileWriter first(path("pair")), second(path("pair"));
        QVERIFY(first.path() != second.path());
        QVERIFY(fs::path(first.path()).filename().string().rfind("events.out.tfevents.", 0) == 0);
    }
};

QTEST_APPLESS_MAIN(TestTensorBoard)
#include "test_tensorboard.moc"
