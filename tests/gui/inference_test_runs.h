#pragma once
// Tiny runs trained for the Inference area's suites (a header, not a test: only test_*.cpp
// become tests).

#include <QString>
#include <fstream>

#include "core/io/run_directory.h"
#include "core/train/trainer.h"
#include "tests/core/tiny_checkpoint.h"

namespace tfw::test {

// The tiny test run on this test's own files (data defaults), with one more decoder layer
// so that the grid's layers differ per stack.
inline ExperimentConfig tinyRun(Task task) {
    ExperimentConfig c = test::tiny_reverse_run();
    c.task = task;
    c.data = DataConfig{};
    c.model.encoder_layers = 2;
    c.model.decoder_layers = 3;
    c.model.max_positions = 256;
    c.train.max_steps = 6;
    c.train.log_every = 2;
    c.train.warmup_steps = 2;
    return c;
}

inline void writeLines(const QString& path, const QString& line, int count) {
    std::ofstream out(path.toStdString());
    for (int i = 0; i < count; ++i) out << line.toStdString() << " " << i % 7 << "\n";
}

// Trains a few steps and returns the run's last checkpoint ("" on failure).
inline QString train(const ExperimentConfig& config, const QString& runDir) {
    TrainingObserver quiet;
    TrainingControl control;
    const TrainingFinished finished = train_new(config, runDir.toStdString(), quiet, control);
    if (finished.reason == FinishReason::Failed) qWarning("%s", finished.message.c_str());
    return QString::fromStdString(RunPaths(runDir.toStdString()).last_checkpoint());
}

// The tiny translation run (reversing the synthetic task's sentences) under `runDir`.
inline QString trainReverseRun(const QString& runDir) {
    ExperimentConfig translation = tinyRun(Task::Translation);
    translation.data.synthetic = Synthetic::Reverse;
    translation.data.max_src_len = 16;
    translation.data.max_tgt_len = 16;
    return train(translation, runDir);
}

}  // namespace tfw::test
