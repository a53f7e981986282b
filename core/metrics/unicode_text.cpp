#include "core/metrics/unicode_text.h"

#include <unicode/locid.h>
#include <unicode/unistr.h>

namespace tfw {

std::u32string utf8_to_u32(std::string_view text) {
    std::u32string out;
    out.reserve(text.size());
    const auto* s = reinterpret_cast<const unsigned char*>(text.data());
    const size_t n = text.size();
    for (size_t i = 0; i < n;) {
        const unsigned char c = s[i];
        size_t extra = 0;
        char32_t code = c;
        if (c >= 0xF0) {
            extra = 3, code = c & 0x07;
        } else if (c >= 0xE0) {
            extra = 2, code = c & 0x0F;
        } else if (c >= 0xC0) {
            extra = 1, code = c & 0x1F;
        }
        for (size_t k = 1; k <= extra && i + k < n; ++k) code = (code << 6) | (s[i + k] & 0x3F);
        out.push_back(code);
        i += extra + 1;
    }
    return out;
}

std::string u32_to_utf8(std::u32string_view text) {
    std::string out;
    out.reserve(text.size());
    for (const char32_t c : text) {
        if (c < 0x80) {
            out.push_back(static_cast<char>(c));
        } else if (c < 0x800) {
            out.push_back(static_cast<char>(0xC0 | (c >> 6)));
            out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
        } else if (c < 0x10000) {
            out.push_back(static_cast<char>(0xE0 | (c >> 12)));
            out.push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
            out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
        } else {
            out.push_back(static_cast<char>(0xF0 | (c >> 18)));
            out.push_back(static_cast<char>(0x80 | ((c >> 12) & 0x3F)));
            out.push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
            out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
        }
    }
    return out;
}

bool is_python_space(char32_t c) {
    // CPython's _PyUnicode_IsWhitespace: bidirectional class WS, B or S, or category Zs.
    if (c < 0x80) return (c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x20);
    switch (c) {
        case 0x85:
        case 0xA0:
        case 0x1680:
        case 0x2028:
        case 0x2029:
        case 0x202F:
        case 0x205F:
        case 0x3000:
            return true;
        default:
            return c >= 0x2000 && c <= 0x200A;
    }
}

std::vector<std::u32string> python_split(std::u32string_view text) {
    std::vector<std::u32string> pieces;
    size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && is_python_space(text[i])) ++i;
        const size_t start = i;
        while (i < text.size() && !is_python_space(text[i])) ++i;
        if (i > start) pieces.emplace_back(text.substr(start, i - start));
    }
    return pieces;
}

std::vector<std::string> python_split(std::string_view text) {
    std::vector<std::string> pieces;
    for (const auto& piece : python_split(utf8_to_u32(text))) pieces.push_back(u32_to_utf8(piece));
    return pieces;
}

std::string python_rstrip(std::string_view text) {
    const std::u32string code_points = utf8_to_u32(text);
    size_t end = code_points.size();
    while (end > 0 && is_python_space(code_points[end - 1])) --end;
    return u32_to_utf8(std::u32string_view(code_points).substr(0, end));
}

std::string python_lower(std::string_view text) {
    // The root locale gives the language-neutral full mapping that Python uses.
    icu::UnicodeString unicode = icu::UnicodeString::fromUTF8(
        icu::StringPiece(text.data(), static_cast<int32_t>(text.size())));
    unicode.toLower(icu::Locale::getRoot());
    std::string out;
    unicode.toUTF8String(out);
    return out;
}

}  // namespace tfw
