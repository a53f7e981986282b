#include "core/io/run_tensorboard_log.h"

#include <sstream>
#include <stdexcept>

#include "core/io/report_scalars.h"

namespace tfw {

namespace {
void flatten(const nlohmann::json& value, const std::string& key,
             std::map<std::string, HParamValue>& out) {
    if (value.is_object()) {
        for (const auto& [name, child] : value.items())
            flatten(child, key.empty() ? name : key + "." + name, out);
    } else if (value.is_boolean()) {
        out[key] = value.get<bool>();
    } else if (value.is_number()) {
        out[key] = value.get<double>();
    } else if (value.is_string()) {
        out[key] = value.get<std::string>();
    } else if (!value.is_null()) {
        out[key] = value.dump();
    }
}

// Indented four spaces: a code block in the Text plugin's Markdown, so the JSON keeps its shape.
std::string as_code_block(const std::string& text) {
    std::istringstream lines(text);
    std::string line, out;
    while (std::getline(lines, line)) out += "    " + line + "\n";
    return out;
}
}  // namespace

std::map<std::string, HParamValue> config_hparams(const nlohmann::json& config) {
    std::map<std::string, HParamValue> out;
    flatten(config, "", out);
    return out;
}

RunTensorBoardLog::RunTensorBoardLog(const std::string& run_dir, const nlohmann::json& config,
                                     int64_t first_step)
    : file_(run_dir) {
    const double now = wall_time_now();
    file_.write(file_version_event(now));
    if (first_step > 0) file_.write(session_start_event(first_step + 1, now));
    file_.write(text_event("config", as_code_block(config.dump(2)), first_step, now));
    // TensorBoard keeps the first session start it reads: the run's own, not a resumption's.
    if (first_step == 0) file_.write(hparams_start_event(config_hparams(config), now));
}

void RunTensorBoardLog::scalar(const std::string& tag, double value, int64_t step) {
    file_.write(scalar_event(tag, value, step, wall_time_now()));
}

void RunTensorBoardLog::append(const StepReport& r) {
    for (const auto& [tag, value] : report_scalars(r)) scalar(tag, value, r.step);
}

void RunTensorBoardLog::append(const ValidationReport& r) {
    for (const auto& [tag, value] : report_scalars(r)) scalar(tag, value, r.step);
}

void RunTensorBoardLog::finish(SessionOutcome outcome) {
    if (outcome != SessionOutcome::Unknown)
        file_.write(hparams_end_event(outcome, wall_time_now()));
}

std::string RunTensorBoardLog::take_error() {
    return file_.take_error();
}

void write_evaluation_scalars(const std::string& run_dir, const std::string& split, int64_t step,
                              const std::map<std::string, double>& values) {
    EventFileWriter file(run_dir, ".eval");
    const double now = wall_time_now();
    file.write(file_version_event(now));
    for (const auto& [name, value] : values)
        file.write(scalar_event(evaluation_tag(split, name), value, step, now));
    if (const std::string error = file.take_error(); !error.empty())
        throw std::runtime_error(error);
}

}  // namespace tfw
