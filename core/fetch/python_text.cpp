#include "core/fetch/python_text.h"

#include <cstdio>

namespace tfw {
namespace {

bool at(const std::string& text, std::size_t i, const char* bytes, std::size_t size) {
    return text.compare(i, size, bytes, size) == 0;
}

// Bytes of the Python whitespace character starting at text[i], or 0. Valid UTF-8 is assumed:
// the sequences below start with lead bytes, so a match never begins inside another character.
std::size_t space_length(const std::string& text, std::size_t i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if ((byte >= 0x09 && byte <= 0x0d) || (byte >= 0x1c && byte <= 0x20)) return 1;
    if (byte == 0xc2)  // U+0085, U+00A0
        return at(text, i, "\xc2\x85", 2) || at(text, i, "\xc2\xa0", 2) ? 2 : 0;
    if (byte == 0xe1) return at(text, i, "\xe1\x9a\x80", 3) ? 3 : 0;  // U+1680
    if (byte == 0xe3) return at(text, i, "\xe3\x80\x80", 3) ? 3 : 0;  // U+3000
    if (byte != 0xe2 || i + 2 >= text.size()) return 0;
    const auto second = static_cast<unsigned char>(text[i + 1]);
    const auto third = static_cast<unsigned char>(text[i + 2]);
    if (second == 0x80)  // U+2000-U+200A, U+2028, U+2029, U+202F
        return (third >= 0x80 && third <= 0x8a) || third == 0xa8 || third == 0xa9 || third == 0xaf
                   ? 3
                   : 0;
    return second == 0x81 && third == 0x9f ? 3 : 0;  // U+205F
}

void append_json_string(std::string& out, const std::string& text) {
    out += '"';
    for (const char c : text) {
        switch (c) {
            case '"':
                out += "\\\"";
                break;
            case '\\':
                out += "\\\\";
                break;
            case '\b':
                out += "\\b";
                break;
            case '\f':
                out += "\\f";
                break;
            case '\n':
                out += "\\n";
                break;
            case '\r':
                out += "\\r";
                break;
            case '\t':
                out += "\\t";
                break;
            default:
                if (static_cast<unsigned char>(c) < 0x20) {
                    char escaped[8];
                    std::snprintf(escaped, sizeof escaped, "\\u%04x", c);
                    out += escaped;
                } else {
                    out += c;
                }
        }
    }
    out += '"';
}

}  // namespace

std::string collapse_whitespace(const std::string& text) {
    std::string out;
    out.reserve(text.size());
    bool space_pending = false;
    for (std::size_t i = 0; i < text.size();) {
        if (const std::size_t length = space_length(text, i)) {
            space_pending = !out.empty();
            i += length;
            continue;
        }
        if (space_pending) out += ' ';
        space_pending = false;
        out += text[i++];
    }
    return out;
}

std::string python_json_list(const std::vector<std::string>& texts) {
    std::string out = "[";
    for (std::size_t i = 0; i < texts.size(); ++i) {
        if (i) out += ", ";
        append_json_string(out, texts[i]);
    }
    return out + "]";
}

}  // namespace tfw
