#pragma once
// Helpers shared by the core test suites (a header, not a test: only test_*.cpp become tests).

#include <QProcess>
#include <QProcessEnvironment>
#include <QStringList>

#include <string>

#include "core/config/experiment_config.h"

namespace tfw::test {

// A model small enough for tests that run in milliseconds.
inline ExperimentConfig tiny_model_config(Task task) {
    ExperimentConfig c;
    c.task = task;
    c.model.d_model = 32;
    c.model.heads = 4;
    c.model.encoder_layers = 2;
    c.model.decoder_layers = 2;
    c.model.ffn_dim = 64;
    c.model.max_positions = 64;
    return c;
}

struct CliRun {
    int exit_code = -1;  // -1: did not finish or crashed
    std::string out, err;
};

// Runs the built `tfw` with one thread (tiny models; spare a busy machine).
inline CliRun run_tfw(const QStringList& arguments) {
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert("OMP_NUM_THREADS", "1");
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral(TFW_CLI_PATH), arguments);
    CliRun run;
    if (!process.waitForFinished(60000)) return run;
    run.exit_code = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    run.out = process.readAllStandardOutput().toStdString();
    run.err = process.readAllStandardError().toStdString();
    return run;
}

}  // namespace tfw::test
