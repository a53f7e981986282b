#include "core/sweep/sweep_state.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "core/config/config_error.h"
#include "core/io/phrase_json.h"
#include "core/io/run_directory.h"

namespace tfw {
namespace fs = std::filesystem;
namespace {

constexpr const char* kStateNames[] = {"pending", "running", "done", "failed", "skipped"};

SweepRunState state_from(const std::string& name) {
    for (size_t i = 0; i < std::size(kStateNames); ++i)
        if (name == kStateNames[i]) return static_cast<SweepRunState>(i);
    throw ConfigError("unknown run state '" + name + "' in sweep.json");
}

std::string sweep_file(const std::string& dir) {
    return (fs::path(dir) / "sweep.json").string();
}

}  // namespace

std::string to_string(SweepRunState state) {
    return kStateNames[static_cast<size_t>(state)];
}

std::string SweepState::run_dir(size_t run) const {
    return (fs::path(dir) / runs.at(run).folder).string();
}

size_t SweepState::count(SweepRunState state) const {
    return static_cast<size_t>(std::count_if(
        runs.begin(), runs.end(), [&](const SweepRunEntry& run) { return run.state == state; }));
}

std::string run_folder_name(const SweepVariant& variant, int seed) {
    std::string name;
    for (const auto& [key, value] : variant.settings) {
        const auto dot = key.rfind('.');
        name += (name.empty() ? "" : "_") + key.substr(dot == std::string::npos ? 0 : dot + 1) +
                "=" + value;
    }
    if (name.empty()) name = "baseline";
    // Only characters that need no quoting in a shell or a file dialog.
    for (char& c : name)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '=' && c != '.' && c != '-' &&
            c != '_')
            c = '_';
    return name + "-seed" + std::to_string(seed);
}

SweepState create_sweep(const SweepSpec& spec, const std::string& dir) {
    const auto problems = sweep_problems(spec);
    if (!problems.empty()) {
        std::string message = "the sweep cannot start:";
        for (const auto& problem : problems) message += "\n  " + problem.message.text();
        throw ConfigError(message);
    }
    std::error_code error;
    if (fs::exists(dir) && !fs::is_empty(dir, error))
        throw ConfigError("sweep folder " + dir + " is not empty (choose a new one)");
    fs::create_directories(fs::path(dir) / "runs", error);
    if (error) throw ConfigError("cannot create " + dir + ": " + error.message());

    SweepState state;
    state.dir = fs::absolute(dir).lexically_normal().string();
    state.name = fs::path(state.dir).filename().string();
    state.created_at = utc_timestamp();
    state.spec = spec;
    state.variants = expand_variants(spec);
    std::set<std::string> folders;
    for (size_t v = 0; v < state.variants.size(); ++v)
        for (const int seed : sweep_seeds(spec)) {
            SweepRunEntry run;
            run.variant = v;
            run.seed = seed;
            run.folder = "runs/" + run_folder_name(state.variants[v], seed);
            // Values that differ only in characters a folder name cannot hold.
            if (!folders.insert(run.folder).second)
                run.folder += "-" + std::to_string(state.runs.size());
            state.runs.push_back(run);
        }
    save_sweep(state);
    return state;
}

bool is_sweep_dir(const std::string& dir) {
    std::error_code error;
    return fs::is_regular_file(sweep_file(dir), error);
}

SweepState load_sweep(const std::string& dir) {
    std::ifstream in(sweep_file(dir));
    if (!in) throw ConfigError(dir + " is not a sweep folder (it has no sweep.json)");
    std::stringstream text;
    text << in.rdbuf();
    try {
        const auto json = nlohmann::json::parse(text.str());
        SweepState state;
        state.dir = fs::absolute(dir).lexically_normal().string();
        if (!state.dir.empty() && state.dir.back() == '/') state.dir.pop_back();
        state.name = fs::path(state.dir).filename().string();
        state.created_at = json.value("created_at", "");
        state.spec = sweep_spec_from_json(json.at("spec"));
        state.variants = expand_variants(state.spec);
        for (const auto& entry : json.at("runs")) {
            SweepRunEntry run;
            run.variant = entry.at("variant").get<size_t>();
            run.seed = entry.at("seed").get<int>();
            run.folder = entry.at("folder").get<std::string>();
            run.state = state_from(entry.at("state").get<std::string>());
            run.message = get_phrase(entry, "message");
            if (run.variant >= state.variants.size())
                throw ConfigError("sweep.json names variant " + std::to_string(run.variant) +
                                  " of " + std::to_string(state.variants.size()));
            state.runs.push_back(run);
        }
        return state;
    } catch (const nlohmann::json::exception& e) {
        throw ConfigError(sweep_file(dir) + " is unreadable: " + e.what());
    }
}

std::vector<std::string> finished_run_dirs(const std::string& sweep_dir) {
    const SweepState state = load_sweep(sweep_dir);
    std::vector<std::string> dirs;
    for (size_t run = 0; run < state.runs.size(); ++run)
        if (state.runs[run].state == SweepRunState::Done) dirs.push_back(state.run_dir(run));
    return dirs;
}

void save_sweep(const SweepState& state) {
    nlohmann::json runs = nlohmann::json::array();
    for (const auto& run : state.runs) {
        nlohmann::json entry = {{"variant", run.variant},
                                {"label", state.variants.at(run.variant).label},
                                {"seed", run.seed},
                                {"folder", run.folder},
                                {"state", to_string(run.state)}};
        put_phrase(entry, "message", run.message);
        runs.push_back(entry);
    }
    const nlohmann::json json = {{"version", 1},
                                 {"created_at", state.created_at},
                                 {"spec", to_json(state.spec)},
                                 {"runs", runs}};
    write_text_atomically(sweep_file(state.dir), json.dump(2) + "\n");
}

}  // namespace tfw
