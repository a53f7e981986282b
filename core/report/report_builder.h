#pragma once
// The pages of a course report from the runs' own files: one run, several runs side by side, or
// a sweep (its ablation table with mean ± std over seeds). `tfw report` and the window's
// File ▸ Export report build it the same way; report_writers.h writes it.

#include <functional>
#include <string>
#include <vector>

#include "core/report/report_document.h"
#include "core/report/report_text.h"

namespace tfw {

struct ReportRequest {
    // Run folders, or exactly one sweep folder.
    std::vector<std::string> paths;
    // The attention figures' input; "" = the run's first attention probe, else its first
    // validation input.
    std::string probe;
    std::string title;           // "" = from the experiment's name
    std::string device = "cpu";  // where the probe is decoded
};

// progress(done, total) between steps (a run read, the probe decoded); returning false cancels,
// and the document comes back without blocks. Throws
// std::runtime_error for a path that is neither a run nor a sweep, or a sweep with no finished
// run.
ReportDocument build_report(const ReportRequest& request, const ReportText& text,
                            const std::function<bool(size_t, size_t)>& progress = {});

}  // namespace tfw
