#include "core/report/chart_drawing.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace tfw::chart {

namespace {

// Helvetica's advance widths (thousandths of an em) of ' ' to '~', from its AFM file.
constexpr int kHelveticaAscii[95] = {
    278,  278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,  // ' '-'/'
    556,  556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,  // '0'-'?'
    1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,  // '@'-'O'
    667,  778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,  // 'P'-'_'
    333,  556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,  // '`'-'o'
    556,  556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584};      // 'p'-'~'

constexpr char32_t kReplacement = 0xFFFD;

}  // namespace

std::vector<char32_t> decode_utf8(const std::string& text) {
    std::vector<char32_t> out;
    size_t i = 0;
    while (i < text.size()) {
        const auto lead = static_cast<unsigned char>(text[i]);
        if (lead < 0x80) {
            out.push_back(lead);
            ++i;
            continue;
        }
        const size_t extra = lead >= 0xC2 && lead < 0xE0   ? 1
                             : lead >= 0xE0 && lead < 0xF0 ? 2
                             : lead >= 0xF0 && lead < 0xF5 ? 3
                                                           : 0;
        if (extra == 0 || i + extra >= text.size()) {
            out.push_back(kReplacement);
            ++i;
            continue;
        }
        char32_t code = lead & (0x3Fu >> extra);
        bool valid = true;
        for (size_t k = 1; k <= extra; ++k) {
            const auto next = static_cast<unsigned char>(text[i + k]);
            if ((next & 0xC0) != 0x80) {
                valid = false;
                break;
            }
            code = (code << 6) | (next & 0x3F);
        }
        // Overlong forms, surrogates and code points past U+10FFFF are not text.
        const char32_t smallest[] = {0, 0x80, 0x800, 0x10000};
        if (!valid || code < smallest[extra] || (code >= 0xD800 && code < 0xE000) ||
            code > 0x10FFFF) {
            out.push_back(kReplacement);
            ++i;
            continue;
        }
        out.push_back(code);
        i += extra + 1;
    }
    return out;
}

bool is_latin1_printable(char32_t c) {
    return (c >= 0x20 && c < 0x7F) || (c >= 0xA0 && c <= 0xFF);
}

double text_width(const std::string& text, double size) {
    int thousandths = 0;
    for (char32_t c : decode_utf8(text)) {
        if (c >= 0x20 && c < 0x7F) {
            thousandths += kHelveticaAscii[c - 0x20];
        } else {
            thousandths += is_latin1_printable(c) ? 556 : 1000;
        }
    }
    return thousandths * size / 1000.0;
}

double widest_text(const std::vector<std::string>& texts, double size) {
    double width = 0;
    for (const auto& text : texts) width = std::max(width, text_width(text, size));
    return width;
}

std::string format_number(double value, int decimals) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, std::isfinite(value) ? value : 0.0);
    std::string text = buffer;
    if (text.find('.') != std::string::npos) {
        while (text.back() == '0') text.pop_back();
        if (text.back() == '.') text.pop_back();
    }
    return text == "-0" ? "0" : text;
}

}  // namespace tfw::chart
