#include "core/report/report_run.h"

#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "core/config/config_io.h"
#include "core/eval/evaluation_reader.h"
#include "core/io/checkpoint.h"
#include "core/io/run_management.h"

namespace tfw {

std::vector<const Evaluation*> ReportRun::latest_evaluations() const {
    std::vector<const Evaluation*> latest;
    for (const char* split : {"test", "valid", "custom"}) {
        const Evaluation* newest = nullptr;
        for (const Evaluation& evaluation : evaluations)
            if (evaluation.split == split) newest = &evaluation;
        if (newest) latest.push_back(newest);
    }
    return latest;
}

// The device and precision of the run's last start, from its log line
// "model: N parameters on DEVICE; precision PRECISION; ...".
void read_device_from_log(ReportRun& run) {
    std::ifstream log(RunPaths(run.dir).log());
    const std::string on = " parameters on ", precision = "; precision ";
    for (std::string line; std::getline(log, line);) {
        const size_t model = line.find("info: model: ");
        const size_t device = line.find(on);
        const size_t prec = line.find(precision);
        if (model == std::string::npos || device == std::string::npos || prec == std::string::npos)
            continue;
        run.device = line.substr(device + on.size(), prec - device - on.size());
        const size_t end = line.find("; ", prec + precision.size());
        run.precision = line.substr(prec + precision.size(), end - prec - precision.size());
    }
}

ReportRun load_report_run(const std::string& dir) {
    if (!std::filesystem::is_regular_file(std::filesystem::path(dir) / "config.json"))
        throw std::runtime_error(dir + " is not a run folder (it has no config.json)");
    ReportRun run;
    run.dir = dir;
    run.item = load_compare_item(dir);
    run.config = config_from_json(run.item.config);
    run.status = read_run_status(dir);
    run.evaluations = read_evaluations(dir);
    std::ifstream checks(RunPaths(dir).checks());
    if (checks) run.checks = nlohmann::json::parse(checks, nullptr, false);
    if (run.checks.is_discarded()) run.checks = nullptr;
    read_device_from_log(run);
    run.checkpoint = preferred_checkpoint(dir);
    if (!run.checkpoint.empty()) {
        try {
            run.versions = load_checkpoint_summary(run.checkpoint).versions;
        } catch (const std::exception&) {
            run.versions = nullptr;  // a damaged checkpoint: the report says versions unknown
        }
    }
    return run;
}

}  // namespace tfw
