// Data-parallel training over c10d's Gloo on loopback: the torchrun environment read right, a
// batch split into rank shares, 2 processes x half of every batch training as one process
// with the whole batch, a write to a dead peer failing instead of ending the process, a killed
// rank stopping the other with a clear error, and a 2-rank run stopped and resumed on 2 ranks
// continuing exactly.
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <thread>

#include <nlohmann/json.hpp>

#include "core/config/config_error.h"
#include "core/config/config_io.h"
#include "core/data/tokenizer.h"
#include "core/distributed/batch_shard.h"
#include "core/distributed/distributed_setup.h"
#include "core/distributed/local_ranks.h"
#include "core/distributed/process_group.h"
#include "core/io/run_directory.h"
#include "tests/core/test_support.h"

using namespace tfw;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

// The tolerance of "the same losses": float sums in another order (per-rank partial sums, then
// the all-reduce) differ in the last bits, which 20 Adam steps may grow a little (seen: 4e-7).
constexpr double kLossTolerance = 1e-5;

std::string read_file(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

std::vector<json> history(const fs::path& run_dir) {
    std::vector<json> lines;
    std::istringstream in(read_file(run_dir / "history.jsonl"));
    for (std::string line; std::getline(in, line);) {
        json j = json::parse(line);
        j.erase("elapsed_s");  // timings differ from run to run
        j.erase("tokens_per_s");
        lines.push_back(std::move(j));
    }
    return lines;
}

// "" when `run` has `reference`'s history line for line, else the first difference.
std::string history_difference(const fs::path& run, const fs::path& reference,
                               const std::string& reference_name) {
    const std::vector<json> a = history(reference), b = history(run);
    for (size_t i = 0; i < std::min(a.size(), b.size()); ++i)
        if (a[i] != b[i])
            return "line " + std::to_string(i + 1) + ": " + b[i].dump() + " vs " + reference_name +
                   " " + a[i].dump();
    if (a.size() != b.size())
        return std::to_string(b.size()) + " history lines vs " + std::to_string(a.size()) + " of " +
               reference_name;
    return "";
}

size_t count_lines(const fs::path& path) {
    std::istringstream in(read_file(path));
    size_t n = 0;
    for (std::string line; std::getline(in, line);) ++n;
    return n;
}

QProcessEnvironment rank_environment(int rank, int world, int port) {
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("OMP_NUM_THREADS", "1");
    env.insert("OMP_WAIT_POLICY", "PASSIVE");  // no re-exec: the pid stays the one we kill
    env.insert("RANK", QString::number(rank));
    env.insert("LOCAL_RANK", QString::number(rank));
    env.insert("WORLD_SIZE", QString::number(world));
    env.insert("LOCAL_WORLD_SIZE", QString::number(world));
    env.insert("MASTER_ADDR", "127.0.0.1");
    env.insert("MASTER_PORT", QString::number(port));
    return env;
}

// Starts `tfw args` with one OpenMP thread (and no re-exec); the caller waits.
void start_tfw(QProcess& process, const QStringList& args,
               const QProcessEnvironment& env = rank_environment(0, 1, 0)) {
    QProcessEnvironment e = env;
    if (!env.contains("RANK")) {
        e.remove("WORLD_SIZE");
        e.remove("RANK");
    }
    process.setProcessEnvironment(e);
    process.start(QStringLiteral(TFW_CLI_PATH), args);
}

Batch batch_of(const std::vector<std::vector<int64_t>>& rows) {
    Batch b;
    b.size = static_cast<int64_t>(rows.size());
    for (const auto& r : rows) b.tgt_len = std::max<int64_t>(b.tgt_len, int64_t(r.size()));
    b.src_len = b.tgt_len;
    for (auto* buffer : {&b.src, &b.tgt_in, &b.tgt_out})
        buffer->assign(size_t(b.size * b.tgt_len), kPadId);
    for (size_t i = 0; i < rows.size(); ++i)
        for (size_t j = 0; j < rows[i].size(); ++j)
            b.src[i * size_t(b.tgt_len) + j] = b.tgt_in[i * size_t(b.tgt_len) + j] =
                b.tgt_out[i * size_t(b.tgt_len) + j] = rows[i][j];
    for (const auto& r : rows) b.src_tokens += int64_t(r.size());
    b.tgt_tokens = b.src_tokens;
    return b;
}

}  // namespace

class TestDistributed : public QObject {
    Q_OBJECT

    QTemporaryDir m_tmp;
    fs::path m_data;

    fs::path path(const std::string& name) const {
        return fs::path(m_tmp.path().toStdString()) / name;
    }

    // The tiny reversal task: 20 steps of 2 accumulated micro-batches, validation every 5.
    fs::path write_config(const std::string& name, double dropout) {
        ExperimentConfig c = test::tiny_reversal_run(m_data);
        c.name = name;
        c.model.dropout = dropout;
        c.train.seed = 7;
        c.train.epochs = 50;
        c.train.max_steps = 20;
        c.train.accumulate = 2;
        c.train.valid_every = 5;
        c.train.save_every = 3;
        c.train.log_every = 1;
        const fs::path file = path(name + ".json");
        save_config_file(c, file.string());
        return file;
    }

    test::CliRun launch(const QStringList& args) {
        return test::run_tfw(QStringList{"launch", "--nproc", "2"} + args);
    }

  private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_tmp.isValid());
        m_data = path("data");
        fs::create_directories(m_data);
        test::write_reversal_corpus(m_data, 5, 96);
    }

    void reads_the_torchrun_environment() {
        std::map<std::string, std::string> vars = {{"RANK", "1"},
                                                   {"WORLD_SIZE", "4"},
                                                   {"LOCAL_RANK", "1"},
                                                   {"LOCAL_WORLD_SIZE", "2"},
                                                   {"MASTER_ADDR", "n1"},
                                                   {"MASTER_PORT", "29501"},
                                                   {"TORCHELASTIC_USE_AGENT_STORE", "True"},
                                                   {"TORCHELASTIC_RESTART_COUNT", "2"}};
        auto get = [&](const char* name) -> const char* {
            const auto it = vars.find(name);
            return it == vars.end() ? nullptr : it->second.c_str();
        };
        DistributedSetup s = distributed_setup_from_environment(get);
        QCOMPARE(s.rank, 1);
        QCOMPARE(s.world_size, 4);
        QCOMPARE(s.local_rank, 1);
        QCOMPARE(s.local_world_size, 2);
        QCOMPARE(s.master_addr, std::string("n1"));
        QCOMPARE(s.master_port, 29501);
        QVERIFY(s.agent_store);
        QCOMPARE(s.store_prefix, std::string("tfw/attempt_2"));
        QVERIFY(!s.is_rank0());

        vars = {{"SLURM_NTASKS", "8"},
                {"SLURM_PROCID", "5"},
                {"SLURM_LOCALID", "1"},
                {"SLURM_NTASKS_PER_NODE", "4(x2)"},
                {"MASTER_ADDR", "n0"}};
        s = distributed_setup_from_environment(get);
        QCOMPARE(s.rank, 5);
        QCOMPARE(s.world_size, 8);
        QCOMPARE(s.local_world_size, 4);
        QCOMPARE(s.master_port, 29500);

        vars = {};
        QVERIFY(!distributed_setup_from_environment(get).active());
        vars = {{"SLURM_NTASKS", "4"}, {"SLURM_PROCID", "0"}};  // a lone tfw in a Slurm job
        QVERIFY(!distributed_setup_from_environment(get).active());

        auto refused = [&](const char* needle) {
            try {
                distributed_setup_from_environment(get);
            } catch (const ConfigError& e) {
                return std::string(e.what()).find(needle) != std::string::npos;
            }
            return false;
        };
        vars = {{"WORLD_SIZE", "2"}, {"RANK", "0"}};
        QVERIFY(refused("MASTER_ADDR is not set"));
        vars = {{"WORLD_SIZE", "2"}, {"RANK", "2"}, {"MASTER_ADDR", "h"}};
        QVERIFY(refused("RANK 2 is not below WORLD_SIZE 2"));
        vars = {{"WORLD_SIZE", "2"}, {"MASTER_ADDR", "h"}};
        QVERIFY(refused("RANK is not set"));
        vars = {{"WORLD_SIZE", "two"}};
        QVERIFY(refused("WORLD_SIZE=two"));
    }

    void splits_a_batch_into_rank_shares() {
        const Batch b = batch_of({{5, 6, 7, 8}, {5, 6, 7}, {5, 6}, {9}, {9}});
        const Batch r0 = batch_shard(b, 0, 2), r1 = batch_shard(b, 1, 2);
        QCOMPARE(r0.size, 3);  // rows 0, 2, 4
        QCOMPARE(r1.size, 2);  // rows 1, 3
        QCOMPARE(r0.tgt_len, 4);
        QCOMPARE(r1.tgt_len, 3);  // padded to its own longest row
        QCOMPARE(r0.tgt_tokens + r1.tgt_tokens, b.tgt_tokens);
        QCOMPARE(r0.src_tokens + r1.src_tokens, b.src_tokens);
        QCOMPARE(r1.tgt_out, (std::vector<int64_t>{5, 6, 7, 9, kPadId, kPadId}));
        QCOMPARE(batch_shard(b, 5, 6).size, 0);  // more ranks than rows: an empty share
    }

    // The acceptance test: 2 processes each with half of every batch follow the same losses as
    // one process with the whole batch (dropout off, so both compute the same function).
    void two_ranks_train_like_one_process() {
        const fs::path config = write_config("same", 0.0);
        const test::CliRun one =
            test::run_tfw({"train", "--config", QString::fromStdString(config.string()),
                           "--run-dir", QString::fromStdString(path("one").string())});
        QVERIFY2(one.exit_code == 0, one.err.c_str());
        const test::CliRun two =
            launch({"train", "--config", QString::fromStdString(config.string()), "--run-dir",
                    QString::fromStdString(path("two").string())});
        QVERIFY2(two.exit_code == 0, (two.out + two.err).c_str());
        QVERIFY2(two.out.find("x 2 processes (gloo)") != std::string::npos, two.out.c_str());

        const std::vector<json> a = history(path("one")), b = history(path("two"));
        QCOMPARE(b.size(), a.size());
        double worst = 0;
        int compared = 0;
        for (size_t i = 0; i < a.size(); ++i) {
            QCOMPARE(b[i].value("step", -1), a[i].value("step", -1));
            QCOMPARE(b[i].value("tokens_seen", -1), a[i].value("tokens_seen", -1));
            for (const char* key : {"train_loss", "loss", "grad_norm"}) {
                if (!a[i].contains(key)) continue;
                const double d = std::abs(a[i][key].get<double>() - b[i][key].get<double>());
                worst = std::max(worst, d);
                ++compared;
                QVERIFY2(d <= kLossTolerance, (std::string(key) + " line " + std::to_string(i + 1) +
                                               ": " + a[i].dump() + " vs " + b[i].dump())
                                                  .c_str());
            }
        }
        QVERIFY(compared >= 40);  // 20 steps' losses and norms, 4 validations
        qInfo("2 ranks vs 1 process: %d values over 20 steps, largest difference %.3g", compared,
              worst);
        // Rank 0 alone wrote the run: one event file, one log.
        QCOMPARE(count_lines(path("two") / "history.jsonl"),
                 count_lines(path("one") / "history.jsonl"));
        QVERIFY(read_file(path("two") / "train.log").find("data parallel: 2 processes (gloo)") !=
                std::string::npos);
    }

    // torchrun starts tfw as it starts a Python script (the zip application appended to tfw
    // hands over to it), with its own agent store; the run is the same as `tfw launch`'s.
    void torchrun_starts_the_same_run() {
        if (!QFileInfo::exists(QStringLiteral(TFW_TORCHRUN)))
            QSKIP("torchrun is not installed (scripts/install-deps.sh --libtorch2)");
        const fs::path config = write_config("same", 0.0);
        QProcess torchrun;
        QProcessEnvironment env = rank_environment(0, 1, 0);
        env.remove("RANK");
        env.remove("WORLD_SIZE");
        torchrun.setProcessEnvironment(env);
        torchrun.start(QStringLiteral(TFW_TORCHRUN),
                       {"--nproc-per-node", "2", "--master-port",
                        QString::number(free_loopback_port()), QStringLiteral(TFW_CLI_PATH),
                        "train", "--config", QString::fromStdString(config.string()), "--run-dir",
                        QString::fromStdString(path("torchrun").string())});
        QVERIFY(torchrun.waitForFinished(120000));
        const std::string out =
            (torchrun.readAllStandardOutput() + torchrun.readAllStandardError()).toStdString();
        QVERIFY2(torchrun.exitCode() == 0, out.c_str());
        QVERIFY2(out.find("x 2 processes (gloo)") != std::string::npos, out.c_str());
        const std::string difference =
            history_difference(path("torchrun"), path("two"), "tfw launch");
        QVERIFY2(difference.empty(), difference.c_str());
    }

    // Rank 0's experiment is the run's: a rank started with other settings (here another
    // preset altogether) trains rank 0's model, and the run is the same as before.
    void other_ranks_take_rank0s_experiment() {
        const fs::path config = write_config("same", 0.0);
        const int port = free_loopback_port();
        QProcess rank0, rank1;
        start_tfw(rank0,
                  {"train", "--config", QString::fromStdString(config.string()), "--run-dir",
                   QString::fromStdString(path("followed").string())},
                  rank_environment(0, 2, port));
        start_tfw(rank1,
                  {"train", "--preset", "demo", "--run-dir",
                   QString::fromStdString(path("elsewhere").string())},
                  rank_environment(1, 2, port));
        QVERIFY(rank0.waitForFinished(120000) && rank1.waitForFinished(60000));
        QVERIFY2(rank0.exitCode() == 0, rank0.readAllStandardError().constData());
        QVERIFY2(rank1.exitCode() == 0, rank1.readAllStandardError().constData());
        QVERIFY(!fs::exists(path("elsewhere")));  // rank 1 writes nothing
        const std::string difference =
            history_difference(path("followed"), path("two"), "tfw launch");
        QVERIFY2(difference.empty(), difference.c_str());
    }

    // Gloo writes to its sockets without MSG_NOSIGNAL, so a write to a peer that has just died
    // raises SIGPIPE. A process in a group must see that as a failed write (and fail the
    // collective with its message), not be ended by the signal.
    void writing_to_a_dead_peer_is_an_error_not_a_signal() {
        DistributedSetup single;
        single.master_port = free_loopback_port();
        single.timeout_s = 60;
        std::unique_ptr<ProcessGroup> group;
        try {
            group = std::make_unique<ProcessGroup>(single, at::Device(at::kCPU));
        } catch (const ConfigError& e) {
            QSKIP(e.what());
        }
        int ends[2];
        QCOMPARE(::socketpair(AF_UNIX, SOCK_STREAM, 0, ends), 0);
        ::close(ends[1]);
        errno = 0;
        const ssize_t written = ::write(ends[0], "x", 1);
        const int error = errno;
        ::close(ends[0]);
        QCOMPARE(written, ssize_t(-1));
        QCOMPARE(error, EPIPE);
    }

    // A rank killed in the middle of the run: the other one stops with a clear error within
    // a minute (a dead peer closes its connections; nothing waits for the 30-minute timeout).
    void a_killed_rank_stops_the_other() {
        const fs::path config = write_config("killed", 0.0);
        ExperimentConfig c = load_config_file(config.string());
        c.train.max_steps = 0;  // 50 epochs: far longer than the test
        save_config_file(c, config.string());
        const int port = free_loopback_port();
        const QStringList args = {"train", "--config", QString::fromStdString(config.string()),
                                  "--run-dir", QString::fromStdString(path("killed").string())};
        QProcess rank0, rank1;
        start_tfw(rank0, args, rank_environment(0, 2, port));
        start_tfw(rank1, args, rank_environment(1, 2, port));
        QVERIFY(rank0.waitForStarted() && rank1.waitForStarted());
        const fs::path history_file = path("killed") / "history.jsonl";
        for (int i = 0; i < 600 && count_lines(history_file) < 5; ++i)
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        QVERIFY2(count_lines(history_file) >= 5, "the 2-rank run did not start training");
        const auto killed_at = std::chrono::steady_clock::now();
        ::kill(static_cast<pid_t>(rank1.processId()), SIGKILL);
        QVERIFY2(rank0.waitForFinished(60000), "rank 0 still runs a minute after rank 1 died");
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - killed_at).count();
        rank1.waitForFinished(5000);
        QVERIFY2(rank0.exitStatus() == QProcess::NormalExit,
                 qPrintable(QStringLiteral("rank 0 was ended by signal %1").arg(rank0.exitCode())));
        QCOMPARE(rank0.exitCode(), 1);
        const std::string err = rank0.readAllStandardError().toStdString();
        QVERIFY2(err.find("another process of this run stopped or lost its connection") !=
                     std::string::npos,
                 err.c_str());
        QVERIFY2(err.find("tfw launch --nproc 2 resume") != std::string::npos, err.c_str());
        const RunStatus status = read_run_status(path("killed").string());
        QCOMPARE(status.state, std::string("failed"));
        qInfo("rank 0 stopped %.2f s after rank 1 was killed: %s", seconds,
              err.substr(0, err.find('\n')).c_str());
    }

    // A 2-rank run stopped (Ctrl+C) and resumed on 2 ranks ends exactly as an uninterrupted
    // 2-rank run: same history line for line, with dropout on (each rank's masks restored).
    void two_rank_resume_is_exact() {
        const fs::path config = write_config("resumed", 0.1);
        const QString cfg = QString::fromStdString(config.string());
        const test::CliRun whole = launch({"train", "--config", cfg, "--run-dir",
                                           QString::fromStdString(path("whole").string())});
        QVERIFY2(whole.exit_code == 0, (whole.out + whole.err).c_str());

        const fs::path run = path("stopped");
        QProcess launcher;
        QProcessEnvironment env = rank_environment(0, 1, 0);
        env.remove("RANK");
        env.remove("WORLD_SIZE");
        launcher.setProcessEnvironment(env);
        launcher.start(QStringLiteral(TFW_CLI_PATH),
                       {"launch", "--nproc", "2", "train", "--config", cfg, "--run-dir",
                        QString::fromStdString(run.string())});
        QVERIFY(launcher.waitForStarted());
        for (int i = 0; i < 600 && count_lines(run / "history.jsonl") < 7; ++i)
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        ::kill(static_cast<pid_t>(launcher.processId()), SIGINT);  // as Ctrl+C: passed to the ranks
        QVERIFY(launcher.waitForFinished(60000));
        QCOMPARE(launcher.exitCode(), 0);
        const RunStatus stopped = read_run_status(run.string());
        QVERIFY2(stopped.state == "stopped" || stopped.state == "completed", stopped.state.c_str());
        qInfo("stopped at step %lld of 20", static_cast<long long>(stopped.step));

        // One process cannot continue a 2-process run, and says how to.
        const test::CliRun alone = test::run_tfw({"resume", QString::fromStdString(run.string())});
        QCOMPARE(alone.exit_code, 1);
        QVERIFY2(alone.err.find("was trained by 2 processes and this is 1: resume it with `tfw "
                                "launch --nproc 2 resume") != std::string::npos,
                 alone.err.c_str());

        const test::CliRun resumed = launch({"resume", QString::fromStdString(run.string())});
        QVERIFY2(resumed.exit_code == 0, (resumed.out + resumed.err).c_str());
        const std::string difference = history_difference(run, path("whole"), "uninterrupted");
        QVERIFY2(difference.empty(), difference.c_str());
    }
};

QTEST_APPLESS_MAIN(TestDistributed)
#include "test_distributed.moc"
