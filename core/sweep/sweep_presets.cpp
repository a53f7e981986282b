#include "core/sweep/sweep_presets.h"

#include "core/config/config_io.h"

namespace tfw {

std::vector<std::string> sweep_preset_names() {
    std::vector<std::string> names;
    for (const auto& preset : builtin_sweep_presets()) names.push_back(preset.name);
    return names;
}

SweepPreset load_sweep_preset(const std::string& name) {
    for (const auto& builtin : builtin_sweep_presets()) {
        if (builtin.name != name) continue;
        try {
            const auto json = nlohmann::json::parse(builtin.json);
            SweepPreset preset;
            preset.name = name;
            preset.description = json.value("description", "");
            preset.experiment = json.at("experiment").get<std::string>();
            ExperimentConfig base = load_preset(preset.experiment);
            for (const auto& assignment : json.value("set", std::vector<std::string>{}))
                apply_override(base, assignment);
            base.description = preset.description;
            preset.spec.base = to_json(base);
            for (const auto& vary : json.at("vary").get<std::vector<std::string>>())
                preset.spec.axes.push_back(parse_sweep_axis(vary));
            preset.spec.design = parse_sweep_design(json.value("design", "grid"));
            preset.spec.seeds = json.value("seeds", std::vector<int>{});
            preset.spec.budget = parse_sweep_budget(json.value("budget", "none"));
            preset.spec.jobs = json.value("jobs", 1);
            preset.spec.evaluate = json.value("evaluate", true);
            return preset;
        } catch (const nlohmann::json::exception& e) {
            throw ConfigError("sweep preset " + name + " is malformed: " + e.what());
        }
    }
    std::string known;
    for (const auto& n : sweep_preset_names()) known += (known.empty() ? "" : ", ") + n;
    throw ConfigError("unknown sweep preset '" + name + "' (known: " + known + ")");
}

}  // namespace tfw
