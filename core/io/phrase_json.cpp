#include "core/io/phrase_json.h"

namespace tfw {
namespace {

nlohmann::json pattern_json(const Phrase& phrase) {
    nlohmann::json j = {
        {"context", phrase.context}, {"pattern", phrase.pattern}, {"args", phrase.args}};
    for (const Phrase& next : phrase.followed_by) j["then"].push_back(pattern_json(next));
    return j;
}

Phrase phrase_from(const nlohmann::json& j) {
    Phrase phrase(j.value("context", ""), j.value("pattern", ""),
                  j.value("args", std::vector<std::string>{}));
    if (const auto then = j.find("then"); then != j.end() && then->is_array())
        for (const auto& next : *then) phrase.then(phrase_from(next));
    return phrase;
}

}  // namespace

void put_phrase(nlohmann::json& j, const std::string& key, const Phrase& phrase) {
    j[key] = phrase.text();
    if (!phrase.context.empty()) j[key + "_phrase"] = pattern_json(phrase);
}

Phrase get_phrase(const nlohmann::json& j, const std::string& key) {
    if (const auto kept = j.find(key + "_phrase"); kept != j.end() && kept->is_object())
        return phrase_from(*kept);
    const std::string text = j.value(key, "");
    return text.empty() ? Phrase() : verbatim(text);
}

}  // namespace tfw
