// A run whose disk fills up while it trains (its folder on a small tmpfs, mounted in a private
// mount namespace): a checkpoint that cannot be saved is a warning naming the file and "No
// space left on device", the previous checkpoint stays whole with no partial file beside it,
// history.jsonl keeps its earlier lines, training goes on, and once there is room again the next
// save works and the run completes with the same result as one that never ran out of space.
// Each way a save can fail part-way is also forced at an exact point (a file size limit), so
// that leaving no partial file behind is checked without depending on timing.
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/resource.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "core/config/config_io.h"
#include "core/io/checkpoint.h"
#include "core/io/run_directory.h"
#include "core/train/checkpoint_writer.h"
#include "tiny_checkpoint.h"

using namespace tfw;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

// Runs inside the namespace. Phase 1: after the first checkpoint, a filler leaves room for
// half a checkpoint, so the next saves fail. Phase 2: the disk is filled completely, until
// history.jsonl (and train.log, status.json) fail too. Then the fillers go and the run ends.
// The process is stopped (SIGSTOP) while each phase's files are copied out to $OUT.
const char* kScript = R"sh(set -u
mount -t tmpfs -o size=16m tfw-disk-full "$MNT" || exit 77
RUN=$MNT/run
"$TFW" train --config "$CONFIG" --run-dir "$RUN" >"$OUT/tfw.out" 2>"$OUT/tfw.err" &
PID=$!
wait_for() {  # a condition, checked every 5 ms while the run lives (at most 60 s)
  for _ in $(seq 1 12000); do
    eval "$1" && return 0
    kill -0 $PID 2>/dev/null || { echo "run ended while waiting for: $1"; return 1; }
    sleep 0.005
  done
  echo "timed out waiting for: $1"; return 1
}
stop_run() {  # SIGSTOP is asynchronous: wait until every thread of the run is stopped
  kill -STOP $PID
  for _ in $(seq 1 2000); do
    grep -qv '^[Tt]$' <(awk '{print $3}' /proc/$PID/task/*/stat) || return 0
    sleep 0.001
  done
}
# history.jsonl does not end with a newline: an append is half done (a short write on the full
# disk, cut back right after).
partial_line() { [ -s "$RUN/history.jsonl" ] && [ -n "$(tail -c 1 "$RUN/history.jsonl")" ]; }
snapshot() {
  # A save in progress has its .partial file, and an append may be caught between its short
  # write and the cut back: neither moment is one to judge, so let the run go on a moment and
  # look again. (That a failed save removes its partial file is checked deterministically by
  # failedSavesLeaveNoPartialFile.)
  for _ in $(seq 1 500); do
    { ls "$RUN/checkpoints" | grep -q '\.partial$' || partial_line; } || break
    kill -CONT $PID; sleep 0.002; stop_run
  done
  mkdir -p "$OUT/$1"
  ls -la "$RUN/checkpoints" >"$OUT/$1/ls.txt"
  cp -r "$RUN/checkpoints" "$RUN/history.jsonl" "$RUN/train.log" "$RUN/status.json" "$OUT/$1/"
}
wait_for '[ -f "$RUN/checkpoints/last.tfw" ]' || exit 2
stop_run
size=$(stat -c %s "$RUN/checkpoints/last.tfw")
avail=$(df --output=avail -B1 "$MNT" | tail -n 1)
fallocate -l $((avail - size / 2)) "$MNT/filler" || exit 3
kill -CONT $PID
# best.tfw (a copy of last.tfw) may be the first save to fail: wait for last.tfw's own.
wait_for 'grep -q "last.tfw: No space left on device" "$OUT/tfw.err"' || exit 4
stop_run
snapshot phase1
dd if=/dev/zero of="$MNT/filler2" bs=4096 2>/dev/null
kill -CONT $PID
# history.jsonl's last page may have room for a few lines: wait until an append fails.
wait_for 'grep -q "history.jsonl: No space left on device" "$OUT/tfw.err"' || exit 5
stop_run
snapshot phase2
rm -f "$MNT/filler" "$MNT/filler2"
kill -CONT $PID
wait $PID
echo $? >"$OUT/exit_code"
"$TFW" info "$RUN/checkpoints/last.tfw" >"$OUT/info.txt" 2>&1
echo $? >"$OUT/info_exit_code"
cp -r "$RUN" "$OUT/final"
)sh";

void write_corpus(const fs::path& dir) {
    test::write_reversal_corpus(dir, 5, 160);
}

ExperimentConfig disk_full_config(const fs::path& data) {
    ExperimentConfig c = test::tiny_reversal_run(data);
    c.name = "disk-full";
    c.train.seed = 4;
    c.train.epochs = 6;
    c.train.valid_every = 5;
    c.train.save_every = 10;
    c.train.log_every = 1;
    return c;
}

std::string read_file(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

QProcessEnvironment environment() {
    QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
    e.insert("OMP_NUM_THREADS", "1");
    e.insert("OMP_WAIT_POLICY", "PASSIVE");
    return e;
}

// history.jsonl's lines without timings; `problem` names a line that does not parse.
std::vector<json> history_lines(const fs::path& file, std::string* problem) {
    std::vector<json> lines;
    std::istringstream in(read_file(file));
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        try {
            json j = json::parse(line);
            j.erase("elapsed_s");
            j.erase("tokens_per_s");
            lines.push_back(std::move(j));
        } catch (const json::exception&) {
            *problem = file.string() + " line " + std::to_string(number) + ": " + line;
        }
    }
    return lines;
}

// While alive, writes to files beyond `bytes` fail with EFBIG ("File too large") instead of
// raising SIGXFSZ: a full disk, on demand and at an exact point, in this process.
class FileSizeLimit {
  public:
    explicit FileSizeLimit(rlim_t bytes) {
        getrlimit(RLIMIT_FSIZE, &saved_);
        previous_handler_ = std::signal(SIGXFSZ, SIG_IGN);
        rlimit limit = saved_;
        limit.rlim_cur = bytes;
        setrlimit(RLIMIT_FSIZE, &limit);
    }
    ~FileSizeLimit() {
        setrlimit(RLIMIT_FSIZE, &saved_);
        std::signal(SIGXFSZ, previous_handler_);
    }
    FileSizeLimit(const FileSizeLimit&) = delete;
    FileSizeLimit& operator=(const FileSizeLimit&) = delete;

  private:
    rlimit saved_{};
    void (*previous_handler_)(int) = nullptr;
};

bool has_partial_file(const fs::path& dir) {
    for (const auto& entry : fs::recursive_directory_iterator(dir)) {
        const std::string ext = entry.path().extension().string();
        if (ext == ".partial" || ext == ".tmp") return true;
    }
    return false;
}

}  // namespace

class TestDiskFull : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    fs::path m_root;

    // The command that gives a private mount namespace here, or empty when mounting a tmpfs is
    // not permitted on this machine.
    QStringList namespace_command() {
        const QString mount_point = QString::fromStdString((m_root / "probe").string());
        fs::create_directories(m_root / "probe");
        for (const QStringList& command :
             {QStringList{"unshare", "-rm"}, QStringList{"unshare", "-m"}}) {
            QProcess probe;
            probe.start(
                command[0],
                command.mid(1) +
                    QStringList{"sh", "-c", "mount -t tmpfs -o size=1m tfw-probe " + mount_point});
            if (probe.waitForFinished(10000) && probe.exitStatus() == QProcess::NormalExit &&
                probe.exitCode() == 0)
                return command;
        }
        return {};
    }

  private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_root = m_dir.path().toStdString();
    }

    // Each way a save can fail part-way removes its partial file and keeps the previous file.
    void failedSavesLeaveNoPartialFile() {
        const RunPaths paths((m_root / "failed-saves").string());
        fs::create_directories(paths.checkpoints());
        test::write_tiny_checkpoint(Task::Translation, paths.last_checkpoint());
        const auto size = fs::file_size(paths.last_checkpoint());
        Checkpoint next = load_checkpoint(paths.last_checkpoint());
        next.position.step = 43;

        // Writing last.tfw stops half-way.
        try {
            FileSizeLimit half(size / 2);
            write_run_checkpoints(next, paths, false);
            QFAIL("a checkpoint larger than the file size limit was written");
        } catch (const CheckpointError& e) {
            QVERIFY2(contains(e.what(), paths.last_checkpoint() + ": File too large"), e.what());
        }
        QVERIFY(!has_partial_file(paths.checkpoints()));
        QCOMPARE(load_checkpoint(paths.last_checkpoint()).position.step, int64_t(42));

        // last.tfw is written, but its copy to best.tfw cannot be moved in place.
        fs::create_directories(fs::path(paths.best_checkpoint()) / "in-the-way");
        QVERIFY_EXCEPTION_THROWN(write_run_checkpoints(next, paths, true), CheckpointError);
        QVERIFY(!has_partial_file(paths.checkpoints()));
        QCOMPARE(load_checkpoint(paths.last_checkpoint()).position.step, int64_t(43));

        // A copy (best.tfw, step-N.tfw) that stops half-way names its file and the system's
        // reason, and leaves the previous copy whole.
        fs::remove_all(paths.best_checkpoint());
        fs::copy_file(paths.last_checkpoint(), paths.best_checkpoint());
        next.position.step = 44;
        save_checkpoint(next, paths.last_checkpoint());
        try {
            FileSizeLimit half(size / 2);
            copy_checkpoint_file(paths.last_checkpoint(), paths.best_checkpoint());
            QFAIL("a copy larger than the file size limit was written");
        } catch (const CheckpointError& e) {
            QVERIFY2(contains(e.what(), paths.best_checkpoint() + ": File too large"), e.what());
        }
        QVERIFY(!has_partial_file(paths.checkpoints()));
        QCOMPARE(load_checkpoint(paths.best_checkpoint()).position.step, int64_t(43));
    }

    void savingOnAFullDiskWarnsAndTrainingGoesOn() {
        const QStringList unshare = namespace_command();
        if (unshare.isEmpty())
            QSKIP("cannot mount a tmpfs in a private mount namespace here (unshare -rm / -m)");
        write_corpus(m_root);
        const fs::path config = m_root / "disk-full.json";
        save_config_file(disk_full_config(m_root), config.string());
        const fs::path mount_point = m_root / "mnt", out = m_root / "out";
        fs::create_directories(mount_point);
        fs::create_directories(out);
        std::ofstream(m_root / "disk-full.sh") << kScript;

        QProcess run;
        QProcessEnvironment e = environment();
        e.insert("TFW", QStringLiteral(TFW_CLI_PATH));
        e.insert("CONFIG", QString::fromStdString(config.string()));
        e.insert("MNT", QString::fromStdString(mount_point.string()));
        e.insert("OUT", QString::fromStdString(out.string()));
        run.setProcessEnvironment(e);
        run.setProcessChannelMode(QProcess::MergedChannels);
        run.start(unshare[0],
                  unshare.mid(1) + QStringList{"bash", QString::fromStdString(
                                                           (m_root / "disk-full.sh").string())});
        QVERIFY(run.waitForFinished(170000));
        const std::string script_output = run.readAll().toStdString();
        const std::string err = read_file(out / "tfw.err");
        const std::string tfw_out = read_file(out / "tfw.out");
        QVERIFY2(run.exitCode() == 0, (script_output + "\n" + tfw_out + "\n" + err).c_str());

        {
            std::istringstream lines(err);
            std::string line;
            for (int shown = 0; shown < 4 && std::getline(lines, line); ++shown)
                qInfo("%s", line.c_str());
        }
        // Phase 1: a clear warning naming the file; last.tfw is the previous checkpoint, whole,
        // with no partial file beside it; the warning is in train.log too.
        const std::string wanted = "/run/checkpoints/last.tfw: No space left on device";
        QVERIFY2(contains(err, "warning: checkpoint at step ") && contains(err, wanted),
                 err.c_str());
        {  // every failed save, copies included, gives the disk's own reason
            std::istringstream lines(err);
            for (std::string line; std::getline(lines, line);)
                if (contains(line, "not saved"))
                    QVERIFY2(contains(line, ": No space left on device"), line.c_str());
        }
        const fs::path phase1 = out / "phase1";
        QVERIFY2(!has_partial_file(phase1), read_file(phase1 / "ls.txt").c_str());
        const Checkpoint kept = load_checkpoint((phase1 / "checkpoints" / "last.tfw").string());
        QVERIFY(kept.position.step > 0);
        QVERIFY2(contains(read_file(phase1 / "train.log"), wanted),
                 read_file(phase1 / "train.log").c_str());

        // Phase 2, the disk completely full: history.jsonl's earlier lines are intact.
        const fs::path phase2 = out / "phase2";
        QVERIFY2(!has_partial_file(phase2), read_file(phase2 / "ls.txt").c_str());
        std::string problem;
        const std::vector<json> full = history_lines(phase2 / "history.jsonl", &problem);
        QVERIFY2(problem.empty(), problem.c_str());
        QVERIFY(load_checkpoint((phase2 / "checkpoints" / "last.tfw").string()).position.step >=
                kept.position.step);
        QVERIFY2(contains(err, "history.jsonl: No space left on device"), err.c_str());

        // With room again the run saves and completes: every step in history.jsonl once, in
        // order, with the lines written before the disk filled unchanged.
        QCOMPARE(read_file(out / "exit_code"), std::string("0\n"));
        QVERIFY2(read_file(out / "info_exit_code") == "0\n", read_file(out / "info.txt").c_str());
        const fs::path final_run = out / "final";
        QVERIFY(!has_partial_file(final_run));
        QCOMPARE(read_run_status(final_run.string()).state, std::string("completed"));
        const std::vector<json> history = history_lines(final_run / "history.jsonl", &problem);
        QVERIFY2(problem.empty(), problem.c_str());
        QVERIFY(history.size() > full.size());
        for (size_t i = 0; i < full.size(); ++i) QCOMPARE(history[i].dump(), full[i].dump());
        int64_t expected_step = 1;
        for (const json& line : history)
            if (line["kind"] == "step") QCOMPARE(line["step"].get<int64_t>(), expected_step++);
        const Checkpoint last = load_checkpoint((final_run / "checkpoints" / "last.tfw").string());
        QCOMPARE(last.position.step, expected_step - 1);
        QCOMPARE(parse_history(last.history).steps.size(), size_t(expected_step - 1));

        // The full disk changed nothing about the training itself.
        const fs::path reference = m_root / "reference";
        QProcess uninterrupted;
        uninterrupted.setProcessEnvironment(environment());
        uninterrupted.start(QStringLiteral(TFW_CLI_PATH),
                            {"train", "--config", QString::fromStdString(config.string()),
                             "--run-dir", QString::fromStdString(reference.string())});
        QVERIFY(uninterrupted.waitForFinished(120000));
        QCOMPARE(uninterrupted.exitCode(), 0);
        QCOMPARE(history_lines(reference / "history.jsonl", &problem), history);
        QVERIFY(load_checkpoint(RunPaths(reference.string()).last_checkpoint()).weights ==
                last.weights);
    }
};

QTEST_APPLESS_MAIN(TestDiskFull)
#include "test_disk_full.moc"
