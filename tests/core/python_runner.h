#pragma once
// Running the Python environments the interop tests check our files with.

#include <QFileInfo>
#include <QProcess>
#include <QString>
#include <QStringList>

#include "tests/core/test_support.h"

namespace tfw::test {

// Skips the calling test when the Python environment is not installed.
#define REQUIRE_PYTHON(python, install_option)                                               \
    do {                                                                                     \
        if (!QFileInfo(python).isExecutable())                                               \
            QSKIP(qPrintable(python + " is missing: scripts/install-deps.sh " install_option \
                                      " installs it"));                                      \
    } while (false)

inline CliRun run_python(const QString& python, const QStringList& arguments) {
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert("OMP_NUM_THREADS", "1");
    environment.insert("PYTHONDONTWRITEBYTECODE", "1");
    process.setProcessEnvironment(environment);
    process.start(python, arguments);
    CliRun run;
    if (!process.waitForFinished(180000)) return run;
    run.exit_code = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    run.out = process.readAllStandardOutput().toStdString();
    run.err = process.readAllStandardError().toStdString();
    return run;
}

}  // namespace tfw::test
