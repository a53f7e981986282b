// `tfw train` and `tfw resume` killed with SIGKILL at random moments, many of them while a
// checkpoint, history.jsonl or status.json is being written: after every kill the run folder
// must be readable and `tfw resume` must continue from the last complete checkpoint, and the
// finished run must equal an uninterrupted one (same history, same final weights; CPU).
#include <QElapsedTimer>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <signal.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <thread>

#include <nlohmann/json.hpp>

#include "core/config/config_io.h"
#include "core/io/checkpoint.h"
#include "core/io/run_directory.h"
#include "core/io/run_lock.h"
#include "tiny_checkpoint.h"

using namespace tfw;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

// Reversing short sequences of ten words: a few steps per epoch, so that a whole run has
// several epochs, validations and periodic checkpoints and still takes about a second.
void write_corpus(const fs::path& dir) {
    test::write_reversal_corpus(dir, 11, 96);
}

ExperimentConfig crash_config(const fs::path& data) {
    ExperimentConfig c = test::tiny_reversal_run(data);
    c.name = "crash";
    c.model.dropout = 0.1;  // resuming must restore the dropout generator too
    c.train.seed = 3;
    c.train.epochs = 5;
    c.train.valid_every = 4;
    c.train.save_every = 3;  // not a multiple of log_every: unreported steps at a save
    c.train.log_every = 2;
    return c;
}

QProcessEnvironment tfw_environment() {
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert("OMP_NUM_THREADS", "1");
    environment.insert("OMP_WAIT_POLICY", "PASSIVE");  // no re-exec: the pid stays the same
    return environment;
}

std::string read_file(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// A checkpoint being written: checkpoints/*.partial.
bool writing_checkpoint(const fs::path& run_dir) {
    std::error_code ec;
    for (fs::directory_iterator it(run_dir / "checkpoints", ec), end; !ec && it != end;
         it.increment(ec))
        if (it->path().extension() == ".partial") return true;
    return false;
}

// Any file being written: a checkpoint's .partial, or a .tmp of status.json, history.jsonl or
// config.json.
// The first half-written file (*.partial, *.tmp) in the run, or "" when there is none.
std::string partial_file(const fs::path& run_dir) {
    std::error_code ec;
    for (fs::recursive_directory_iterator it(run_dir, ec), end; !ec && it != end;
         it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (name.size() > 8 &&
            (name.rfind(".partial") == name.size() - 8 || name.rfind(".tmp") == name.size() - 4))
            return it->path().string();
    }
    return "";
}

// The reproducible part of history.jsonl: every line without its timings.
std::vector<json> history_lines(const fs::path& run_dir, std::string* problem) {
    std::vector<json> lines;
    std::istringstream in(read_file(run_dir / "history.jsonl"));
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        try {
            json j = json::parse(line);
            j.erase("elapsed_s");
            j.erase("tokens_per_s");
            lines.push_back(std::move(j));
        } catch (const json::exception& e) {
            *problem = "history.jsonl line " + std::to_string(number) + " does not parse: " + line;
        }
    }
    return lines;
}

// What must hold after any kill: the files parse, every checkpoint there loads, no live lock.
// Returns a description of the first problem, empty when none.
std::string check_readable(const fs::path& run_dir) {
    if (!fs::exists(run_dir / "config.json")) return {};  // killed before it was written
    try {
        load_config_file((run_dir / "config.json").string());
        if (fs::exists(run_dir / "status.json")) {
            const json status = json::parse(read_file(run_dir / "status.json"));
            if (!status.contains("state")) return "status.json has no state";
        }
        std::string problem;
        history_lines(run_dir, &problem);
        if (!problem.empty()) return problem;
        std::error_code ec;
        for (const auto& entry : fs::directory_iterator(run_dir / "checkpoints", ec))
            if (entry.path().extension() == ".tfw") load_checkpoint(entry.path().string());
        const std::string holder = run_locked_by(run_dir.string());
        if (!holder.empty()) return "train.lock still held by " + holder;
    } catch (const std::exception& e) {
        return e.what();
    }
    return {};
}

struct Tally {
    int kills = 0;
    int kills_in_write = 0;  // a .partial or .tmp file was left: the kill hit a write
    int resumes = 0;
    int fresh_starts = 0;  // killed before the first checkpoint: started again
};

}  // namespace

class TestCrashConsistency : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    fs::path m_root, m_config;
    double m_run_seconds = 0;  // an uninterrupted run, start to end
    std::vector<json> m_history;
    std::string m_weights;

    fs::path launch_log(const Tally& tally) const {
        return m_root / ("launch-" + std::to_string(tally.kills + tally.resumes) + ".log");
    }

    // Runs `tfw` until it ends by itself, or kills it: `delay_s` >= 0 kills after that long,
    // otherwise it is killed `after_write_us` microseconds after a checkpoint's .partial file
    // appears. Returns whether it was killed; `log` gets what it printed.
    bool run_or_kill(const QStringList& arguments, const fs::path& run_dir, double delay_s,
                     int after_write_us, const fs::path& log, int* exit_code) {
        QProcess process;
        process.setProcessEnvironment(tfw_environment());
        process.setProcessChannelMode(QProcess::MergedChannels);
        process.setStandardOutputFile(QString::fromStdString(log.string()));
        process.start(QStringLiteral(TFW_CLI_PATH), arguments);
        if (!process.waitForStarted()) return false;
        QElapsedTimer timer;
        timer.start();
        bool killed = false;
        while (!process.waitForFinished(0)) {
            const bool now =
                delay_s >= 0 ? timer.nsecsElapsed() * 1e-9 >= delay_s : writing_checkpoint(run_dir);
            if (now) {
                if (delay_s < 0)
                    std::this_thread::sleep_for(std::chrono::microseconds(after_write_us));
                ::kill(static_cast<pid_t>(process.processId()), SIGKILL);
                process.waitForFinished(-1);
                killed = process.exitStatus() == QProcess::CrashExit;
                break;
            }
            std::this_thread::sleep_for(std::chrono::microseconds(delay_s >= 0 ? 1000 : 50));
        }
        *exit_code = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
        return killed;
    }

    // One run taken to its end through up to `max_kills` kills; checks every kill's aftermath.
    void train_through_kills(const fs::path& run_dir, std::mt19937_64& rng, int max_kills,
                             Tally& tally) {
        const fs::path last = run_dir / "checkpoints" / "last.tfw";
        for (int kills = 0;; ++kills) {
            QStringList arguments;
            int64_t from_step = -1;
            if (fs::exists(last)) {
                from_step = load_checkpoint_summary(last.string()).position.step;
                arguments = {"resume", QString::fromStdString(run_dir.string())};
                ++tally.resumes;
            } else if (fs::exists(run_dir / "config.json")) {
                // Killed before its first checkpoint was whole: resume starts it from step 0.
                arguments = {"resume", QString::fromStdString(run_dir.string())};
                ++tally.fresh_starts;
            } else {
                fs::remove_all(run_dir);  // killed before its config was written
                arguments = {"train", "--config", QString::fromStdString(m_config.string()),
                             "--run-dir", QString::fromStdString(run_dir.string())};
            }
            double delay_s = -1;
            int after_write_us = 0;
            if (kills >= max_kills) {
                delay_s = 1e9;  // let it finish
            } else if (rng() % 3 == 0) {
                delay_s = std::uniform_real_distribution<double>(0, m_run_seconds)(rng);
            } else {
                after_write_us = static_cast<int>(rng() % 200);
            }
            const fs::path log = launch_log(tally);
            int exit_code = -1;
            const bool killed =
                run_or_kill(arguments, run_dir, delay_s, after_write_us, log, &exit_code);
            const std::string output = read_file(log);
            // A resumed run starts from the checkpoint that was complete when it was killed.
            if (from_step >= 0 && output.find("resuming at step") != std::string::npos)
                QVERIFY2(output.find("resuming at step " + std::to_string(from_step) + "\n") !=
                             std::string::npos,
                         (std::to_string(from_step) + " expected:\n" + output).c_str());
            if (!killed) {
                QVERIFY2(exit_code == 0, output.c_str());
                QVERIFY2(output.find("finished: 5 epochs") != std::string::npos, output.c_str());
                return;
            }
            ++tally.kills;
            if (!partial_file(run_dir).empty()) ++tally.kills_in_write;
            const std::string problem = check_readable(run_dir);
            QVERIFY2(problem.empty(), (run_dir.string() + ": " + problem).c_str());
        }
    }

    void compare_with_uninterrupted(const fs::path& run_dir) {
        std::string problem;
        const std::vector<json> history = history_lines(run_dir, &problem);
        QVERIFY2(problem.empty(), problem.c_str());
        for (size_t i = 0; i < std::min(history.size(), m_history.size()); ++i)
            QVERIFY2(history[i] == m_history[i],
                     (run_dir.string() + " history line " + std::to_string(i + 1) + ": " +
                      history[i].dump() + " vs uninterrupted " + m_history[i].dump())
                         .c_str());
        QCOMPARE(history.size(), m_history.size());
        const Checkpoint last = load_checkpoint((run_dir / "checkpoints" / "last.tfw").string());
        QVERIFY2(last.weights == m_weights, "final weights differ from the uninterrupted run");
        QCOMPARE(read_run_status(run_dir.string()).state, std::string("completed"));
        QVERIFY2(partial_file(run_dir).empty(), partial_file(run_dir).c_str());
    }

  private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_root = m_dir.path().toStdString();
        write_corpus(m_root);
        m_config = m_root / "crash.json";
        save_config_file(crash_config(m_root), m_config.string());
    }

    void uninterruptedRunIsTheReference() {
        const fs::path run_dir = m_root / "reference";
        QElapsedTimer timer;
        timer.start();
        int exit_code = -1;
        const bool killed =
            run_or_kill({"train", "--config", QString::fromStdString(m_config.string()),
                         "--run-dir", QString::fromStdString(run_dir.string())},
                        run_dir, 1e9, 0, m_root / "reference.log", &exit_code);
        m_run_seconds = timer.nsecsElapsed() * 1e-9;
        QVERIFY(!killed);
        QVERIFY2(exit_code == 0, read_file(m_root / "reference.log").c_str());
        std::string problem;
        m_history = history_lines(run_dir, &problem);
        QVERIFY2(problem.empty(), problem.c_str());
        QVERIFY(m_history.size() > 20);
        m_weights = load_checkpoint((run_dir / "checkpoints" / "last.tfw").string()).weights;
        qInfo("uninterrupted run: %.2f s, %zu history lines", m_run_seconds, m_history.size());
    }

    void killedRunsResumeToTheSameResult() {
        std::mt19937_64 rng(20261123);
        Tally tally;
        QElapsedTimer timer;
        timer.start();
        for (int run = 0; tally.kills < 60; ++run) {
            const fs::path run_dir = m_root / ("run-" + std::to_string(run));
            train_through_kills(run_dir, rng, 8, tally);
            if (QTest::currentTestFailed()) return;
            compare_with_uninterrupted(run_dir);
            if (QTest::currentTestFailed()) return;
            fs::remove_all(run_dir);
        }
        qInfo("%d kills (%d during a write), %d resumes, %d fresh starts, %.1f s", tally.kills,
              tally.kills_in_write, tally.resumes, tally.fresh_starts, timer.nsecsElapsed() * 1e-9);
        QVERIFY(tally.kills >= 50);
        QVERIFY2(tally.kills_in_write >= 10, "too few kills landed in a write");
    }

    // `timeout -s INT` (and a double press of Ctrl+C) sends two interrupts close together. The
    // second one made tfw exit at once: no final checkpoint, status.json "running" at an older
    // step than last.tfw, and `tfw runs` showing a dead run as running. Now the run ends as a
    // single Ctrl+C ends it.
    void aDoubleInterruptLeavesAConsistentRun() {
        // The demo preset: steps of about 0.1 s, so that the second interrupt comes while the
        // first is still being acted on (this test's tiny model would have ended already).
        const fs::path run_dir = m_root / "double-interrupt";
        QProcess process;
        process.setProcessEnvironment(tfw_environment());
        process.setProcessChannelMode(QProcess::MergedChannels);
        process.start(QStringLiteral(TFW_CLI_PATH),
                      {"train", "--preset", "demo", "--set", "train.threads=1", "--set",
                       "train.max_steps=2000", "--set", "train.save_every=5", "--run-dir",
                       QString::fromStdString(run_dir.string())});
        QVERIFY(process.waitForStarted());
        const fs::path last = run_dir / "checkpoints" / "last.tfw";
        QElapsedTimer timer;
        timer.start();
        while (!fs::exists(last) && timer.elapsed() < 60000)
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        QVERIFY(fs::exists(last));
        std::this_thread::sleep_for(std::chrono::milliseconds(200));  // a step or two on
        const auto pid = static_cast<pid_t>(process.processId());
        ::kill(pid, SIGINT);
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        ::kill(pid, SIGINT);
        QVERIFY(process.waitForFinished(60000));
        const std::string output = process.readAll().toStdString();
        QVERIFY2(process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0,
                 output.c_str());
        const RunStatus status = read_run_status(run_dir.string());
        QCOMPARE(status.state, std::string("stopped"));
        QCOMPARE(status.step, load_checkpoint_summary(last.string()).position.step);
        QVERIFY(!fs::exists(run_dir / "train.lock"));
        const json written = json::parse(read_file(run_dir / "status.json"));
        QCOMPARE(written["state"].get<std::string>(), std::string("stopped"));
    }
};

QTEST_APPLESS_MAIN(TestCrashConsistency)
#include "test_crash_consistency.moc"
