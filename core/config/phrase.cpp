#include "core/config/phrase.h"

#include <utility>

namespace tfw {

Phrase::Phrase(std::string context_, std::string pattern_, std::vector<std::string> args_)
    : context(std::move(context_)), pattern(std::move(pattern_)), args(std::move(args_)) {}

Phrase& Phrase::then(Phrase next) {
    followed_by.push_back(std::move(next));
    return *this;
}

std::string Phrase::text() const {
    std::string out = fill_placeholders(pattern, args);
    for (const Phrase& next : followed_by) out += next.text();
    return out;
}

Phrase verbatim(std::string value) {
    return Phrase({}, "%1", {std::move(value)});
}

std::string fill_placeholders(const std::string& pattern, const std::vector<std::string>& args) {
    std::string out;
    out.reserve(pattern.size());
    for (size_t i = 0; i < pattern.size(); ++i) {
        const char next = i + 1 < pattern.size() ? pattern[i + 1] : '\0';
        const size_t index = static_cast<size_t>(next - '1');
        if (pattern[i] == '%' && next >= '1' && next <= '9' && index < args.size()) {
            out += args[index];
            ++i;
        } else {
            out += pattern[i];
        }
    }
    return out;
}

}  // namespace tfw
