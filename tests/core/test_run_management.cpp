// Runs as a whole: the checkpoint that stands for a run, renaming and deleting (refused while a
// process trains the run), and `tfw runs`.
#include <QTemporaryDir>
#include <QtTest>

#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <limits>
#include <thread>
#include <utility>
#include <vector>

#include "tests/core/test_support.h"

#include "core/config/config_error.h"
#include "core/io/checkpoint.h"
#include "core/io/model_io.h"
#include "core/io/run_directory.h"
#include "core/io/run_lock.h"
#include "core/io/run_management.h"
#include "core/model/model_options.h"

using namespace tfw;
namespace fs = std::filesystem;

namespace {

// A run folder with a config and the named (empty) checkpoint files.
std::string make_run(const QTemporaryDir& root, const char* name,
                     std::initializer_list<const char*> checkpoints) {
    const std::string dir = root.filePath(name).toStdString();
    fs::create_directories(RunPaths(dir).checkpoints());
    std::ofstream(RunPaths(dir).config()) << "{}";
    for (const char* file : checkpoints)
        std::ofstream((fs::path(RunPaths(dir).checkpoints()) / file).string()) << "x";
    return dir;
}

std::string host_name() {
    char host[256] = {};
    gethostname(host, sizeof host - 1);
    return host;
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

std::string read_bytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(in)), {});
}

void write_bytes(const std::string& path, const std::string& bytes) {
    std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

// The file with its first `from` (in the header) replaced by `to`, of the same length.
std::string replace_once(std::string bytes, const std::string& from, const std::string& to) {
    const size_t at = bytes.find(from);
    if (at == std::string::npos || from.size() != to.size()) return "";
    bytes.replace(at, from.size(), to);
    return bytes;
}

// The message of the CheckpointError that loading path throws; fails on any other outcome.
std::string load_error(const std::string& path, bool whole_model = false) {
    try {
        if (whole_model)
            load_model(path);
        else
            load_checkpoint(path);
    } catch (const CheckpointError& e) {
        return e.what();
    }
    return "(no CheckpointError)";
}

}  // namespace

class TestRunManagement : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void theBestCheckpointStandsForARunElseTheLast() {
        QTemporaryDir root;
        const std::string both = make_run(root, "both", {"best.tfw", "last.tfw", "step-4.tfw"});
        QCOMPARE(preferred_checkpoint(both), RunPaths(both).best_checkpoint());
        const std::string last = make_run(root, "last", {"last.tfw"});
        QCOMPARE(preferred_checkpoint(last), RunPaths(last).last_checkpoint());
        QVERIFY(preferred_checkpoint(make_run(root, "none", {"step-4.tfw"})).empty());
    }

    // Found while writing fuzz/fuzz_checkpoint: hostile headers are refused with CheckpointError
    // before anything is allocated for them (no json exception, no wrapped-around blob bounds, no
    // model bigger than the file's weights).
    void hostileCheckpointHeadersAreRefused() {
        QTemporaryDir root;
        const std::string good = root.filePath("good.tfw").toStdString();
        test::write_tiny_checkpoint(Task::Translation, good);
        QVERIFY(load_model(good).model);
        auto copy = [&](const char* name, const std::function<void(nlohmann::json&)>& edit) {
            const std::string path = root.filePath(name).toStdString();
            fs::copy_file(good, path);
            test::edit_checkpoint_header(path, edit);
            return path;
        };
        // A 100 GB blob whose offset makes offset + size wrap around to a few bytes.
        const uint64_t huge = 100'000'000'000;
        const std::string wrapped = copy("wrapped.tfw", [&](nlohmann::json& h) {
            h["blobs"]["weights"]["size"] = huge;
            h["blobs"]["weights"]["offset"] = std::numeric_limits<uint64_t>::max() - huge + 2;
        });
        QVERIFY2(contains(load_error(wrapped), "weights lies outside the file"),
                 load_error(wrapped).c_str());
        const std::string not_object = copy("array.tfw", [](nlohmann::json& h) { h = {1, 2}; });
        QVERIFY2(contains(load_error(not_object), "header is corrupt"),
                 load_error(not_object).c_str());
        const std::string string_size = copy(
            "string-size.tfw", [](nlohmann::json& h) { h["blobs"]["weights"]["size"] = "12"; });
        QVERIFY2(contains(load_error(string_size), "header is corrupt"),
                 load_error(string_size).c_str());
        const std::string bad_position =
            copy("bad-position.tfw", [](nlohmann::json& h) { h["position"] = "step 4"; });
        QVERIFY2(contains(load_error(bad_position), "header is corrupt"),
                 load_error(bad_position).c_str());
        // A vocabulary of 10^12 would make a 32 * 10^12-weight embedding.
        const std::string huge_vocab = copy("huge-vocab.tfw", [](nlohmann::json& h) {
            h["tgt_vocab"] = int64_t(1'000'000'000'000);
        });
        QVERIFY2(contains(load_error(huge_vocab, true), "vocabulary size 1000000000000"),
                 load_error(huge_vocab, true).c_str());
        const std::string wide = copy("wide.tfw", [](nlohmann::json& h) {
            h["config"]["model"]["d_model"] = 2048;  // 50 M weights in a file of a few KB
        });
        QVERIFY2(contains(load_error(wide, true), "header describes a model of"),
                 load_error(wide, true).c_str());
    }

    // One changed byte in the header once loaded silently: another number of heads or
    // activation (a different model, exit 0), another step (resume skipped steps), a renamed
    // blob (the history erased, Adam restarted). The header's own checksum refuses each.
    void aChangedHeaderByteIsRefused() {
        QTemporaryDir root;
        const std::string good = root.filePath("good.tfw").toStdString();
        test::write_tiny_checkpoint(Task::Translation, good);
        const Checkpoint loaded = load_checkpoint(good);
        QVERIFY(loaded.header_checksummed);
        QVERIFY(unverified_header_note(loaded, good).empty());
        const std::string bytes = read_bytes(good);
        const std::vector<std::pair<std::string, std::string>> edits{
            {"\"heads\":4", "\"heads\":2"},     {"\"relu\"", "\"gelu\""},
            {"\"step\":42", "\"step\":92"},     {"\"history\"", "\"historz\""},
            {"\"optimizer\"", "\"optimizes\""}, {"\"blobs\"", "\"blobz\""}};
        for (const auto& [from, to] : edits) {
            const std::string edited = replace_once(bytes, from, to);
            QVERIFY2(!edited.empty(), from.c_str());
            const std::string path = root.filePath("edited.tfw").toStdString();
            write_bytes(path, edited);
            const std::string error = load_error(path);
            QVERIFY2(
                contains(error, path + ": checkpoint header is corrupt (it fails its checksum)"),
                (from + " -> " + to + ": " + error).c_str());
            const std::string model_error = load_error(path, true);
            QVERIFY2(contains(model_error, "fails its checksum"), model_error.c_str());
        }
    }

    // Format 1 headers have no checksum: a key every checkpoint has had is required, so that a
    // renamed one is refused (naming the file and the key) instead of read as empty or 0.
    void aMissingHeaderKeyIsCorruption() {
        QTemporaryDir root;
        const std::string good = root.filePath("good.tfw").toStdString();
        test::write_tiny_checkpoint(Task::Translation, good);
        const std::vector<std::pair<std::string, std::function<void(nlohmann::json&)>>> cases{
            {"blobs.history", [](nlohmann::json& h) { h["blobs"].erase("history"); }},
            {"blobs.optimizer", [](nlohmann::json& h) { h["blobs"].erase("optimizer"); }},
            {"blobs", [](nlohmann::json& h) { h.erase("blobs"); }},
            {"position.step", [](nlohmann::json& h) { h["position"].erase("step"); }},
            {"config", [](nlohmann::json& h) { h.erase("config"); }}};
        for (const auto& [key, edit] : cases) {
            const std::string path = root.filePath("old.tfw").toStdString();
            fs::copy_file(good, path, fs::copy_options::overwrite_existing);
            test::edit_checkpoint_header(path, edit);
            const std::string error = load_error(path);
            QVERIFY2(
                contains(error, path + ": checkpoint header is corrupt (it has no " + key + ")"),
                error.c_str());
        }
        // Untouched, the same format 1 file loads, with a note that its header is unchecked.
        const std::string path = root.filePath("format1.tfw").toStdString();
        fs::copy_file(good, path);
        test::edit_checkpoint_header(path, [](nlohmann::json&) {});
        const Checkpoint old = load_checkpoint(path);
        QVERIFY(!old.header_checksummed);
        QCOMPARE(old.position.step, int64_t(42));
        QVERIFY(contains(unverified_header_note(old, path), "format 1"));
    }

    // A checkpoint written by tfw before headers had checksums (the fuzzing seed, format 1)
    // still loads as a model; `tfw info` and `tfw translate` say its header is unchecked.
    void formatOneCheckpointsStillLoad() {
        const std::string path =
            std::string(TFW_TEST_DATA_DIR) + "/../../fuzz/seeds/checkpoint/word-tokenizer.tfw";
        const LoadedModel loaded = load_model(path);
        QVERIFY(loaded.model);
        QVERIFY(!loaded.checkpoint.header_checksummed);
        const test::CliRun info = test::run_tfw({"info", QString::fromStdString(path)});
        QVERIFY2(info.exit_code == 0, info.err.c_str());
        QVERIFY2(contains(info.err, "note: " + path + " is a format 1 checkpoint"),
                 info.err.c_str());
        // Saved again, it has the checksum.
        QTemporaryDir root;
        const std::string resaved = root.filePath("resaved.tfw").toStdString();
        save_checkpoint(load_checkpoint(path), resaved);
        QVERIFY(load_checkpoint(resaved).header_checksummed);
    }

    // A run whose status says running while no live process holds its lock (killed, or quit
    // by a second Ctrl+C) reads as stopped at its last checkpoint's step, in `tfw runs` too.
    void aRunWhoseProcessEndedReadsAsStopped() {
        QTemporaryDir root;
        const std::string run = root.filePath("dead").toStdString();
        fs::create_directories(RunPaths(run).checkpoints());
        std::ofstream(RunPaths(run).config()) << "{}";
        test::write_tiny_checkpoint(Task::Translation, RunPaths(run).last_checkpoint());  // step 42
        RunStatus status;
        status.state = "running";
        status.step = 10;
        write_run_status(run, status);
        std::ofstream(run_lock_path(run))
            << "2147483646 " << host_name() << "\n";  // no such process
        const RunStatus read = read_run_status(run);
        QCOMPARE(read.state, std::string("stopped"));
        QCOMPARE(read.step, int64_t(42));
        QVERIFY2(contains(read.message.text(), "ended without saying so"),
                 read.message.text().c_str());
        const test::CliRun listed = test::run_tfw({"runs", "--root", root.path()});
        QVERIFY2(contains(listed.out, "stopped") && !contains(listed.out, "running"),
                 listed.out.c_str());
        {
            const RunLock training(run);  // a live process: running it is
            QCOMPARE(read_run_status(run).state, std::string("running"));
        }
        // A holder that has ended but was not reaped (a zombie) still answers kill(pid, 0).
        const pid_t zombie = fork();
        if (zombie == 0) _exit(0);
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        std::ofstream(run_lock_path(run), std::ios::trunc) << zombie << " " << host_name() << "\n";
        QCOMPARE(read_run_status(run).state, std::string("stopped"));
        QVERIFY(run_locked_by(run).empty());
        waitpid(zombie, nullptr, 0);
    }

    // Found with fuzz/fuzz_checkpoint (a crafted input; -malloc_limit_mb reported it): LibTorch
    // allocates a record at the size the weights' zip directory claims before checking it, so
    // 6 bytes changed in a 40 KB checkpoint made it allocate 4 GB. The archive is checked first.
    void weightsWhoseArchiveClaimsHugeRecordsAreRefused() {
        const ExperimentConfig config = test::tiny_model_config(Task::Translation);
        TransformerModel model(model_options(config, 10, 10));
        std::string bytes = serialize_module(*model);
        const size_t entry = bytes.find("PK\x01\x02");  // the first central directory entry
        QVERIFY(entry != std::string::npos);
        bytes[entry + 10] = 8;                                                      // deflated
        for (int i = 0; i < 4; ++i) bytes[entry + 24 + i] = "\x00\x00\x00\xf0"[i];  // 0xf0000000
        try {
            load_module(*model, bytes);
            QFAIL("no error");
        } catch (const CheckpointError& e) {
            QVERIFY2(contains(e.what(), "claims 4026531840 bytes in an archive of"), e.what());
        }
    }

    void namesAreChecked() {
        QVERIFY(run_name_problem("heads-4").empty());
        QVERIFY(!run_name_problem("").empty());
        QVERIFY(contains(run_name_problem("a/b"), "'/'"));
        QVERIFY(contains(run_name_problem(".hidden"), "dot"));
    }

    void renamesAndDeletesAnIdleRun() {
        QTemporaryDir root;
        const std::string run = make_run(root, "run", {"last.tfw"});
        const std::string renamed = rename_run(run, "renamed");
        QCOMPARE(fs::path(renamed).filename().string(), std::string("renamed"));
        QVERIFY(fs::is_regular_file(RunPaths(renamed).last_checkpoint()));
        QVERIFY(!fs::exists(run));

        make_run(root, "other", {});
        QVERIFY_THROWS_EXCEPTION(ConfigError, rename_run(renamed, "other"));
        QVERIFY_THROWS_EXCEPTION(ConfigError, rename_run(renamed, "../escape"));
        QVERIFY(fs::exists(renamed));

        delete_run(renamed);
        QVERIFY(!fs::exists(renamed));
        // A folder that is no run is left alone.
        const std::string plain = root.filePath("plain").toStdString();
        fs::create_directories(plain);
        QVERIFY_THROWS_EXCEPTION(ConfigError, delete_run(plain));
        QVERIFY(fs::exists(plain));
    }

    void aRunBeingTrainedIsNeitherRenamedNorDeleted() {
        QTemporaryDir root;
        const std::string run = make_run(root, "run", {"last.tfw"});
        {
            const RunLock training(run);  // this process trains it
            try {
                rename_run(run, "renamed");
                QFAIL("renamed a run being trained");
            } catch (const RunLockedError& e) {
                QVERIFY2(contains(e.what(), "being trained by process"), e.what());
            }
            QVERIFY_THROWS_EXCEPTION(RunLockedError, delete_run(run));
            QVERIFY(fs::is_regular_file(RunPaths(run).last_checkpoint()));
        }
        QVERIFY(fs::exists(rename_run(run, "renamed")));
    }

    void tfwRunsListsRenamesAndDeletes() {
        QTemporaryDir root;
        make_run(root, "alpha", {"best.tfw", "last.tfw"});
        const test::CliRun listed = test::run_tfw({"runs", "--root", root.path()});
        QVERIFY2(listed.exit_code == 0, listed.err.c_str());
        QVERIFY2(contains(listed.out, "alpha") && contains(listed.out, "best.tfw"),
                 listed.out.c_str());

        const test::CliRun renamed =
            test::run_tfw({"runs", "rename", root.filePath("alpha"), "beta"});
        QVERIFY2(renamed.exit_code == 0, renamed.err.c_str());
        QVERIFY(fs::exists(root.filePath("beta").toStdString()));

        const test::CliRun bad = test::run_tfw({"runs", "rename", root.filePath("beta"), ".x"});
        QCOMPARE(bad.exit_code, 1);
        QVERIFY2(contains(bad.err, "dot"), bad.err.c_str());

        const test::CliRun deleted = test::run_tfw({"runs", "delete", root.filePath("beta")});
        QVERIFY2(deleted.exit_code == 0, deleted.err.c_str());
        QVERIFY(!fs::exists(root.filePath("beta").toStdString()));

        const test::CliRun usage = test::run_tfw({"runs", "frobnicate"});
        QCOMPARE(usage.exit_code, 2);
    }
};

QTEST_APPLESS_MAIN(TestRunManagement)
#include "test_run_management.moc"
