#pragma once
// Helpers shared by the core test suites (a header, not a test: only test_*.cpp become tests).

#include <QProcess>
#include <QProcessEnvironment>
#include <QStringList>

#include <string>

#include "tests/core/tiny_checkpoint.h"

namespace tfw::test {

struct CliRun {
    int exit_code = -1;  // -1: did not finish or crashed
    std::string out, err;
};

// Runs the built `tfw` with one thread (tiny models; spare a busy machine), `input` on its
// standard input.
inline CliRun run_tfw(const QStringList& arguments, const std::string& input = {}) {
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert("OMP_NUM_THREADS", "1");
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral(TFW_CLI_PATH), arguments);
    process.write(input.data(), static_cast<qint64>(input.size()));
    process.closeWriteChannel();
    CliRun run;
    if (!process.waitForFinished(60000)) return run;
    run.exit_code = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    run.out = process.readAllStandardOutput().toStdString();
    run.err = process.readAllStandardError().toStdString();
    return run;
}

}  // namespace tfw::test
