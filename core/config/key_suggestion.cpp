#include "core/config/key_suggestion.h"

#include <algorithm>
#include <vector>

#include "core/config/config_schema.h"

namespace tfw {

namespace {

// Optimal string alignment distance: insertions, deletions, substitutions and swaps of two
// neighbouring characters each cost one.
size_t edit_distance(const std::string& a, const std::string& b) {
    std::vector<std::vector<size_t>> d(a.size() + 1, std::vector<size_t>(b.size() + 1));
    for (size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
    for (size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
    for (size_t i = 1; i <= a.size(); ++i) {
        for (size_t j = 1; j <= b.size(); ++j) {
            const size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
            d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
        }
    }
    return d[a.size()][b.size()];
}

std::string last_part(const std::string& key) {
    const auto dot = key.rfind('.');
    return dot == std::string::npos ? key : key.substr(dot + 1);
}

}  // namespace

std::string nearest_config_key(const std::string& key) {
    std::string best;
    size_t best_distance = std::max<size_t>(2, key.size() / 4) + 1;  // more is another word
    // A misspelt section ({"modle": {...}} in a file) first: it wins a tie with a key.
    if (key.find('.') == std::string::npos) {
        for (const ConfigField& field : config_fields()) {
            const std::string section = field.key.substr(0, field.key.find('.'));
            const size_t distance = edit_distance(key, section);
            if (section != field.key && distance < best_distance) {
                best_distance = distance;
                best = section;
            }
        }
    }
    for (const ConfigField& field : config_fields()) {
        // Misspelt as a whole ("model.hedas"), or with the section left out ("heads").
        size_t distance = edit_distance(key, field.key);
        if (key.find('.') == std::string::npos)
            distance = std::min(distance, edit_distance(key, last_part(field.key)));
        if (distance < best_distance) {
            best_distance = distance;
            best = field.key;
        }
    }
    return best;
}

ConfigError unknown_config_key(const std::string& key) {
    const std::string nearest = nearest_config_key(key);
    return ConfigError("unknown configuration key '" + key + "'" +
                       (nearest.empty() ? std::string("; `tfw config` lists them all")
                                        : " (did you mean " + nearest + "?)"));
}

}  // namespace tfw
