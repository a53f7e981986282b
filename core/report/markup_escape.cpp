#include "core/report/markup_escape.h"

#include "core/metrics/unicode_text.h"
#include "core/report/chart_drawing.h"

namespace tfw {

std::string escape_markup(const std::string& text) {
    std::u32string kept;
    std::string out;
    const auto flush = [&] {
        out += u32_to_utf8(kept);
        kept.clear();
    };
    for (char32_t c : chart::decode_utf8(text)) {
        const char* entity = c == '&'    ? "&amp;"
                             : c == '<'  ? "&lt;"
                             : c == '>'  ? "&gt;"
                             : c == '"'  ? "&quot;"
                             : c == '\'' ? "&apos;"
                                         : nullptr;
        if (!entity) {
            const bool control = c < 0x20 && c != '\t' && c != '\n' && c != '\r';
            kept.push_back(control || c == 0xFFFE || c == 0xFFFF ? U' ' : c);
            continue;
        }
        flush();
        out += entity;
    }
    flush();
    return out;
}

}  // namespace tfw
