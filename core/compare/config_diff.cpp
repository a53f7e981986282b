#include "core/compare/config_diff.h"

#include <algorithm>
#include <map>

#include "core/config/config_schema.h"
#include "core/config/translatable.h"

namespace tfw {
namespace {

using json = nlohmann::json;

void flatten_into(const json& value, const std::string& prefix, std::map<std::string, json>& out) {
    if (value.is_object() && !value.empty()) {
        for (const auto& [key, child] : value.items())
            flatten_into(child, prefix.empty() ? key : prefix + "." + key, out);
    } else {
        out[prefix] = value;
    }
}

// Position of a key in the schema's form order; unknown keys after all known ones.
size_t schema_rank(const std::string& key) {
    const auto& fields = config_fields();
    for (size_t i = 0; i < fields.size(); ++i)
        if (fields[i].key == key) return i;
    return fields.size();
}

void sort_keys(std::vector<std::string>& keys) {
    std::stable_sort(keys.begin(), keys.end(), [](const std::string& a, const std::string& b) {
        const size_t ra = schema_rank(a), rb = schema_rank(b);
        return ra != rb ? ra < rb : a < b;
    });
}

}  // namespace

std::vector<std::pair<std::string, json>> flatten_config(const json& config) {
    std::map<std::string, json> flat;
    if (config.is_object()) flatten_into(config, "", flat);
    std::vector<std::string> keys;
    for (const auto& entry : flat) keys.push_back(entry.first);
    sort_keys(keys);
    std::vector<std::pair<std::string, json>> ordered;
    for (const auto& key : keys) ordered.emplace_back(key, flat[key]);
    return ordered;
}

std::string config_value_text(const json& value) {
    if (value.is_null()) return "-";
    if (value.is_string())
        return value.get<std::string>().empty() ? "\"\"" : value.get<std::string>();
    if (value.is_array()) {
        std::string text;
        for (const auto& element : value) text += (text.empty() ? "" : ", ") + element.dump();
        return text;
    }
    return value.dump();
}

ComparisonTable config_diff(const std::vector<json>& configs, const std::vector<std::string>& names,
                            bool all_keys) {
    std::vector<std::map<std::string, json>> flat(configs.size());
    std::vector<std::string> keys;
    for (size_t i = 0; i < configs.size(); ++i)
        for (auto& [key, value] : flatten_config(configs[i])) {
            if (std::find(keys.begin(), keys.end(), key) == keys.end()) keys.push_back(key);
            flat[i][key] = std::move(value);
        }
    sort_keys(keys);

    ComparisonTable table;
    table.corner = TFW_TR_NOOP("ComparisonTable", "setting");
    table.columns = names;
    for (const auto& key : keys) {
        ComparisonRow row;
        row.label = key;
        std::vector<json> values;
        for (const auto& item : flat) {
            const auto it = item.find(key);
            values.push_back(it == item.end() ? json() : it->second);
            row.cells.push_back(config_value_text(values.back()));
        }
        row.differs = std::any_of(values.begin(), values.end(),
                                  [&](const json& v) { return v != values.front(); });
        if (row.differs || all_keys) table.rows.push_back(std::move(row));
    }
    return table;
}

}  // namespace tfw
