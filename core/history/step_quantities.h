#pragma once
// The measured numbers of a StepReport as one table: their key in history.jsonl and, for
// those plotted against the step in the Training and Runs tabs, the chart they get. A new
// measurement is a member of StepReport, an entry here, and the trainer filling it in.

#include <vector>

#include "core/history/training_reports.h"

namespace tfw {

struct StepQuantity {
    const char* key;  // in history.jsonl; a non-finite value is written as null
    double StepReport::*member;
    // Its own chart (English; the window translates it in the context "tfw::StepQuantity"),
    // or nullptr when it is plotted elsewhere (loss and perplexity share charts with
    // validation).
    const char* chart_title = nullptr;
    const char* axis_title = "";
    const char* series = "";
    bool exact = false;  // a value the run sets (not a noisy measurement): never smoothed
};

const std::vector<StepQuantity>& step_quantities();

}  // namespace tfw
