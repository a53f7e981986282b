#include "core/config/phrase_catalog.h"

#include <memory>
#include <mutex>

namespace tfw {
namespace {

// The text between <tag> and </tag> from `from` on; npos when absent. Sets `end` past it.
std::string element(const std::string& xml, const std::string& tag, size_t from, size_t limit,
                    size_t* end) {
    const std::string open = "<" + tag, close = "</" + tag + ">";
    const size_t start = xml.find(open, from);
    if (start == std::string::npos || start >= limit) {
        *end = std::string::npos;
        return {};
    }
    const size_t body = xml.find('>', start);
    if (xml[body - 1] == '/') {  // <translation/>
        *end = body + 1;
        return {};
    }
    const size_t stop = xml.find(close, body);
    if (stop == std::string::npos || stop > limit) {
        *end = std::string::npos;
        return {};
    }
    *end = stop + close.size();
    return xml.substr(body + 1, stop - body - 1);
}

// The entities lupdate writes.
std::string unescape(const std::string& text) {
    static const std::pair<const char*, const char*> entities[] = {
        {"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""}, {"&apos;", "'"}, {"&amp;", "&"}};
    std::string out;
    for (size_t i = 0; i < text.size();) {
        bool replaced = false;
        if (text[i] == '&') {
            for (const auto& [entity, character] : entities) {
                if (text.compare(i, std::char_traits<char>::length(entity), entity) == 0) {
                    out += character;
                    i += std::char_traits<char>::length(entity);
                    replaced = true;
                    break;
                }
            }
        }
        if (!replaced) out += text[i++];
    }
    return out;
}

}  // namespace

PhraseCatalog PhraseCatalog::from_ts(const std::string& ts) {
    PhraseCatalog catalog;
    size_t at = 0;
    while (true) {
        size_t context_end = 0;
        const std::string context_body = element(ts, "context", at, ts.size(), &context_end);
        if (context_end == std::string::npos) break;
        size_t cursor = 0;
        const std::string name =
            unescape(element(context_body, "name", 0, context_body.size(), &cursor));
        while (true) {
            size_t message_end = 0;
            const std::string message =
                element(context_body, "message", cursor, context_body.size(), &message_end);
            if (message_end == std::string::npos) break;
            cursor = message_end;
            size_t end = 0;
            const std::string source = element(message, "source", 0, message.size(), &end);
            const size_t open = message.find("<translation");
            if (open == std::string::npos) continue;
            const size_t tag_end = message.find('>', open);
            if (message.compare(open, tag_end - open, "<translation type=\"unfinished\"") == 0 ||
                message.compare(open, tag_end - open, "<translation type=\"vanished\"") == 0)
                continue;
            std::string translation = element(message, "translation", open, message.size(), &end);
            // Numerus forms: Chinese has one.
            size_t form_end = 0;
            const std::string form =
                element(translation, "numerusform", 0, translation.size(), &form_end);
            if (form_end != std::string::npos) translation = form;
            if (translation.empty()) continue;
            catalog.entries_[{name, unescape(source)}] = unescape(translation);
        }
        at = context_end;
    }
    return catalog;
}

const PhraseCatalog* PhraseCatalog::builtin(const std::string& language) {
    static std::mutex mutex;
    static std::map<std::string, std::unique_ptr<PhraseCatalog>> parsed;
    const std::lock_guard<std::mutex> lock(mutex);
    if (const auto found = parsed.find(language); found != parsed.end()) return found->second.get();
    for (const TranslationFile& file : builtin_translation_files()) {
        if (file.language != language) continue;
        auto catalog = std::make_unique<PhraseCatalog>(from_ts(file.ts_text));
        return (parsed[language] = std::move(catalog)).get();
    }
    return nullptr;
}

const std::string* PhraseCatalog::find(const std::string& context,
                                       const std::string& source) const {
    const auto found = entries_.find({context, source});
    return found == entries_.end() ? nullptr : &found->second;
}

std::vector<std::string> catalog_languages() {
    std::vector<std::string> languages{"en"};
    for (const TranslationFile& file : builtin_translation_files())
        languages.push_back(file.language);
    return languages;
}

std::string phrase_text(const Phrase& phrase, const PhraseCatalog* catalog) {
    const std::string* translated =
        catalog ? catalog->find(phrase.context, phrase.pattern) : nullptr;
    std::string text = fill_placeholders(translated ? *translated : phrase.pattern, phrase.args);
    for (const Phrase& next : phrase.followed_by) text += phrase_text(next, catalog);
    return text;
}

}  // namespace tfw
