#include "core/data/text_case.h"

#include <cstdint>

namespace tfw {
namespace {

uint32_t lower_code_point(uint32_t c) {
    if (c >= 'A' && c <= 'Z') return c + 32;
    if (c < 0xC0) return c;
    if (c <= 0xDE && c != 0xD7) return c + 32;                  // À..Þ except ×
    if (c >= 0x100 && c <= 0x137 && c % 2 == 0) return c + 1;   // Ā..ķ pairs
    if (c >= 0x139 && c <= 0x148 && c % 2 == 1) return c + 1;   // Ĺ..ň pairs
    if (c >= 0x14A && c <= 0x177 && c % 2 == 0) return c + 1;   // Ŋ..ŷ pairs
    if (c == 0x178) return 0xFF;                                // Ÿ
    if (c == 0x179 || c == 0x17B || c == 0x17D) return c + 1;   // Ź Ż Ž
    if (c >= 0x391 && c <= 0x3AB && c != 0x3A2) return c + 32;  // Greek capitals
    if (c >= 0x410 && c <= 0x42F) return c + 32;                // Cyrillic А..Я
    if (c >= 0x400 && c <= 0x40F) return c + 80;                // Ѐ..Џ
    return c;
}

void append_utf8(std::string& out, uint32_t c) {
    if (c < 0x80) {
        out += static_cast<char>(c);
    } else if (c < 0x800) {
        out += static_cast<char>(0xC0 | (c >> 6));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
        out += static_cast<char>(0xE0 | (c >> 12));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (c >> 18));
        out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    }
}

}  // namespace

std::string to_lower_utf8(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    const auto* s = reinterpret_cast<const unsigned char*>(text.data());
    size_t i = 0;
    while (i < text.size()) {
        const unsigned char b = s[i];
        if (b < 0x80) {
            out += static_cast<char>(b >= 'A' && b <= 'Z' ? b + 32 : b);
            ++i;
            continue;
        }
        // Text was validated on reading; still, never read past the end.
        const size_t extra = b >= 0xF0 ? 3 : b >= 0xE0 ? 2 : 1;
        if (i + extra >= text.size()) {
            out.append(text.substr(i));
            break;
        }
        uint32_t c = b & (0x3F >> extra);
        for (size_t k = 1; k <= extra; ++k) c = (c << 6) | (s[i + k] & 0x3F);
        append_utf8(out, lower_code_point(c));
        i += extra + 1;
    }
    return out;
}

}  // namespace tfw
