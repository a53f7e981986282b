// Runs as a whole: the checkpoint that stands for a run, renaming and deleting (refused while a
// process trains the run), and `tfw runs`.
#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <fstream>

#include "tests/core/test_support.h"

#include "core/config/config_error.h"
#include "core/io/run_directory.h"
#include "core/io/run_lock.h"
#include "core/io/run_management.h"

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

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
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
