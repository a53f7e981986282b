#include "core/io/run_directory.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <sstream>
#include <utility>

#include "core/config/translatable.h"
#include "core/history/step_quantities.h"
#include "core/io/checkpoint.h"
#include "core/io/model_export.h"
#include "core/io/phrase_json.h"
#include "core/io/run_lock.h"
#include "core/metrics/metric_registry.h"

namespace fs = std::filesystem;

namespace tfw {

using json = nlohmann::json;

RunPaths::RunPaths(std::string d) : dir(std::move(d)) {}
std::string RunPaths::config() const {
    return (fs::path(dir) / "config.json").string();
}
std::string RunPaths::status() const {
    return (fs::path(dir) / "status.json").string();
}
std::string RunPaths::history() const {
    return (fs::path(dir) / "history.jsonl").string();
}
std::string RunPaths::log() const {
    return (fs::path(dir) / "train.log").string();
}
std::string RunPaths::checks() const {
    return (fs::path(dir) / "checks.json").string();
}
std::string RunPaths::checkpoints() const {
    return (fs::path(dir) / "checkpoints").string();
}
std::string RunPaths::last_checkpoint() const {
    return (fs::path(checkpoints()) / "last.tfw").string();
}
std::string RunPaths::best_checkpoint() const {
    return (fs::path(checkpoints()) / "best.tfw").string();
}
std::string RunPaths::step_checkpoint(int64_t step) const {
    return (fs::path(checkpoints()) / ("step-" + std::to_string(step) + ".tfw")).string();
}

std::string utc_timestamp() {
    const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm tm{};
    gmtime_r(&now, &tm);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return text;
}

std::string new_run_dir(const std::string& runs_root, const std::string& name) {
    const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm tm{};
    localtime_r(&now, &tm);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
    const fs::path base = fs::path(runs_root) / (name + "-" + stamp);
    fs::path candidate = base;
    for (int i = 2; fs::exists(candidate); ++i) candidate = base.string() + "-" + std::to_string(i);
    return candidate.string();
}

namespace {

// JSON has no NaN/Inf; they are written as null and read back as NaN.
json number(double value) {
    return std::isfinite(value) ? json(value) : json(nullptr);
}
double read_number(const json& j, const char* key) {
    const auto it = j.find(key);
    return it == j.end() || !it->is_number() ? std::nan("") : it->get<double>();
}

}  // namespace

namespace {

// Writes all of text at fd's current end; false with errno set on failure.
bool write_all(int fd, const std::string& text) {
    size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return false;
        done += static_cast<size_t>(n);
    }
    return true;
}

}  // namespace

void write_text_atomically(const std::string& path, const std::string& text) {
    const std::string tmp = path + ".tmp";
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) throw std::runtime_error("cannot write " + path + ": " + std::strerror(errno));
    int error = write_all(fd, text) ? 0 : errno;
    if (::close(fd) != 0 && error == 0) error = errno;
    if (error != 0) {
        ::unlink(tmp.c_str());
        throw std::runtime_error("cannot write " + path + ": " + std::strerror(error));
    }
    std::error_code ec;
    fs::rename(tmp, path, ec);
    if (ec) {
        const std::string reason = ec.message();
        fs::remove(tmp, ec);
        throw std::runtime_error("cannot write " + path + ": " + reason);
    }
}

void remove_half_written_files(const std::string& run_dir) {
    for (const auto& [folder, suffix] : {std::pair<fs::path, std::string>{run_dir, ".tmp"},
                                         {fs::path(run_dir) / "attention", ".tmp"},
                                         {RunPaths(run_dir).checkpoints(), ".partial"}}) {
        std::error_code ec;
        std::vector<fs::path> leftovers;
        for (const auto& entry : fs::directory_iterator(folder, ec))
            if (entry.path().extension() == suffix) leftovers.push_back(entry.path());
        for (const fs::path& path : leftovers) fs::remove(path, ec);
    }
}

void write_run_status(const std::string& run_dir, RunStatus s) {
    s.updated_at = utc_timestamp();
    json j{{"state", s.state},
           {"step", s.step},
           {"planned_steps", s.planned_steps},
           {"best_valid_loss", number(s.best_valid_loss)},
           {"elapsed_s", s.elapsed_s},
           {"started_at", s.started_at},
           {"updated_at", s.updated_at}};
    put_phrase(j, "message", s.message);
    write_text_atomically(RunPaths(run_dir).status(), j.dump(2) + "\n");
}

Phrase run_status_text(const char* pattern, std::vector<std::string> args) {
    return Phrase("RunStatus", pattern, std::move(args));
}

namespace {

// A run whose status says it trains but whose process is gone (killed, crashed, a second Ctrl+C)
// stopped where its last checkpoint is.
void describe_ended_process(const std::string& run_dir, RunStatus& s) {
    s.state = "stopped";
    try {
        s.step = load_checkpoint_summary(RunPaths(run_dir).last_checkpoint()).position.step;
    } catch (const std::exception&) {  // none yet (or damaged): nothing newer than the status
    }
    s.message = run_status_text(TFW_TR_NOOP("RunStatus",
                                            "stopped at step %1: the process that trained it "
                                            "ended without saying so; resume to continue"),
                                {std::to_string(s.step)});
}

}  // namespace

RunStatus read_run_status(const std::string& run_dir) {
    RunStatus s;
    s.state = "unknown";
    std::ifstream in(RunPaths(run_dir).status());
    if (!in) return s;
    try {
        const json j = json::parse(in);
        s.state = j.value("state", "unknown");
        s.step = j.value("step", int64_t(0));
        s.planned_steps = j.value("planned_steps", int64_t(0));
        s.best_valid_loss =
            j["best_valid_loss"].is_number() ? j["best_valid_loss"].get<double>() : 0;
        s.elapsed_s = j.value("elapsed_s", 0.0);
        s.message = get_phrase(j, "message");
        s.started_at = j.value("started_at", "");
        s.updated_at = j.value("updated_at", "");
    } catch (const json::exception&) {
    }
    if ((s.state == "running" || s.state == "paused") && run_locked_by(run_dir).empty())
        describe_ended_process(run_dir, s);
    return s;
}

json to_json(const StepReport& r) {
    json j = {{"kind", "step"},
              {"step", r.step},
              {"epoch", r.epoch},
              {"epoch_progress", r.epoch_progress},
              {"tokens_seen", r.tokens_seen},
              {"elapsed_s", r.elapsed_s}};
    for (const StepQuantity& q : step_quantities()) j[q.key] = number(r.*q.member);
    return j;
}

json to_json(const ValidationReport& r) {
    json j = {{"kind", "validation"},
              {"step", r.step},
              {"epoch", r.epoch},
              {"loss", number(r.loss)},
              {"perplexity", number(r.perplexity)},
              {"word_perplexity", number(r.word_perplexity)},
              {"accuracy", number(r.accuracy)},
              {"is_best", r.is_best},
              {"tokens_seen", r.tokens_seen},
              {"elapsed_s", r.elapsed_s}};
    if (!r.score_key.empty()) j[r.score_key] = number(r.score);
    return j;
}

RunHistory read_history(const std::string& run_dir) {
    std::ifstream in(RunPaths(run_dir).history());
    std::ostringstream text;
    text << in.rdbuf();
    return parse_history(text.str());
}

RunHistory parse_history(const std::string& jsonl) {
    RunHistory history;
    std::istringstream in(jsonl);
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty()) continue;
        json j;
        try {
            j = json::parse(line);
        } catch (const json::exception&) {
            continue;  // a torn line from an interrupted write
        }
        const std::string kind = j.value("kind", "");
        if (kind == "step") {
            StepReport r;
            r.step = j.value("step", int64_t(0));
            r.epoch = j.value("epoch", 0);
            r.epoch_progress = j.value("epoch_progress", 0.0);
            for (const StepQuantity& q : step_quantities()) r.*q.member = read_number(j, q.key);
            r.tokens_seen = j.value("tokens_seen", int64_t(0));
            r.elapsed_s = j.value("elapsed_s", 0.0);
            history.steps.push_back(r);
        } else if (kind == "validation") {
            ValidationReport r;
            r.step = j.value("step", int64_t(0));
            r.epoch = j.value("epoch", 0);
            r.loss = read_number(j, "loss");
            r.perplexity = read_number(j, "perplexity");
            r.word_perplexity =
                j.contains("word_perplexity") ? read_number(j, "word_perplexity") : 0;
            r.accuracy = read_number(j, "accuracy");
            for (const MetricInfo& metric : metric_registry())
                if (j.contains(metric.key)) {
                    r.score_key = metric.key;
                    r.score = read_number(j, metric.key.c_str());
                }
            r.is_best = j.value("is_best", false);
            r.tokens_seen = j.value("tokens_seen", int64_t(0));
            r.elapsed_s = j.value("elapsed_s", 0.0);
            history.validations.push_back(r);
        }
    }
    return history;
}

HistoryWriter::HistoryWriter(const std::string& run_dir) : path_(RunPaths(run_dir).history()) {
    fd_ = ::open(path_.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (fd_ < 0) throw std::runtime_error("cannot write " + path_ + ": " + std::strerror(errno));
}

HistoryWriter::~HistoryWriter() {
    if (fd_ >= 0) ::close(fd_);
}

void HistoryWriter::append(const StepReport& report) {
    waiting_ += to_json(report).dump() + "\n";
    flush();
}
void HistoryWriter::append(const ValidationReport& report) {
    waiting_ += to_json(report).dump() + "\n";
    flush();
}

bool HistoryWriter::flush() {
    if (waiting_.empty()) return true;
    // A failed write may have written part of the text: cut the file back to its last whole
    // line, so that earlier lines stay intact and the next attempt starts on a fresh line.
    const off_t end = ::lseek(fd_, 0, SEEK_END);
    if (end >= 0 && write_all(fd_, waiting_)) {
        waiting_.clear();
        return true;
    }
    error_ = "cannot write " + path_ + ": " + std::strerror(errno) +
             " (its last lines wait in memory and are written when there is room)";
    if (end >= 0 && ::ftruncate(fd_, end) != 0) error_ += "; cutting off a partial line failed";
    return false;
}

std::string HistoryWriter::take_error() {
    std::string error;
    error.swap(error_);
    return error;
}

std::vector<RunSummary> list_runs(const std::string& runs_root) {
    std::vector<RunSummary> runs;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(runs_root, ec)) {
        if (!entry.is_directory()) continue;
        const RunPaths paths(entry.path().string());
        if (!fs::exists(paths.config())) continue;
        RunSummary run;
        std::ifstream in(paths.config());
        try {
            run.config = json::parse(in);
        } catch (const json::exception&) {
            run.config = json::object();
        }
        // A model exported for PyTorch (tfw export) has a config.json too, but is no run.
        if (run.config.is_object() && run.config.value("format", "") == kModelExportFormat)
            continue;
        run.dir = paths.dir;
        run.name = entry.path().filename().string();
        run.status = read_run_status(paths.dir);
        if (run.status.best_valid_loss > 0)
            run.best_valid_perplexity = std::exp(run.status.best_valid_loss);
        runs.push_back(std::move(run));
    }
    std::sort(runs.begin(), runs.end(), [](const RunSummary& a, const RunSummary& b) {
        return a.status.started_at != b.status.started_at
                   ? a.status.started_at > b.status.started_at
                   : a.name > b.name;
    });
    return runs;
}

}  // namespace tfw
