#pragma once
// The runs the window lists (Runs table, checkpoint lists): the runs under the runs folder and
// those of every sweep in it (SWEEP/runs/NAME, named "SWEEP / NAME"), newest first. A run
// being trained has the step of its newest history line, which is newer than status.json's
// (written at validations). Reads files: call it off the window's thread.

#include <QString>
#include <cstdint>
#include <string>
#include <vector>

#include "core/io/run_directory.h"

namespace tfw {

std::vector<RunSummary> listRunsAndSweepRuns(const QString& runsRoot);

// The step of the last whole "step" line of a history.jsonl (read from its end); 0 when none.
int64_t lastLoggedStep(const std::string& historyPath);

}  // namespace tfw
