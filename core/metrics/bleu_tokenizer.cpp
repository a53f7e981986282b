#include "core/metrics/bleu_tokenizer.h"

#include <unicode/uchar.h>

#include <stdexcept>
#include <utility>

#include "core/metrics/unicode_text.h"

namespace tfw {

namespace {

// Where a pair rule puts its spaces: Python's re.sub with `\1 \2 ` or ` \1 \2`.
enum class PairSpacing { kAfterBoth, kBeforeBoth };

// Applies one `(first)(second)` regex substitution the way re.sub does it: left to right,
// non-overlapping, every match consuming both characters.
template <typename First, typename Second>
std::u32string substitute_pairs(const std::u32string& text, First first, Second second,
                                PairSpacing spacing) {
    std::u32string out;
    out.reserve(text.size() + text.size() / 2);
    size_t i = 0;
    while (i < text.size()) {
        if (i + 1 < text.size() && first(text[i]) && second(text[i + 1])) {
            if (spacing == PairSpacing::kAfterBoth) {
                out += {text[i], U' ', text[i + 1], U' '};
            } else {
                out += {U' ', text[i], U' ', text[i + 1]};
            }
            i += 2;
        } else {
            out.push_back(text[i++]);
        }
    }
    return out;
}

// Applies a `(class)` -> ` \1 ` substitution.
template <typename Class>
std::u32string pad_characters(const std::u32string& text, Class in_class) {
    std::u32string out;
    out.reserve(text.size() + text.size() / 2);
    for (const char32_t c : text) {
        if (in_class(c)) {
            out += {U' ', c, U' '};
        } else {
            out.push_back(c);
        }
    }
    return out;
}

// ' '.join(text.split())
std::string join_split(const std::u32string& text) {
    std::u32string joined;
    for (const auto& piece : python_split(text)) {
        if (!joined.empty()) joined.push_back(U' ');
        joined += piece;
    }
    return u32_to_utf8(joined);
}

void replace_all(std::string& text, std::string_view from, std::string_view to) {
    for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
}

bool is_ascii_digit(char32_t c) {
    return c >= U'0' && c <= U'9';
}

bool is_category(char32_t c, uint32_t mask) {
    return (U_GET_GC_MASK(static_cast<UChar32>(c)) & mask) != 0;
}
bool is_punctuation(char32_t c) {
    return is_category(c, U_GC_P_MASK);
}
bool is_symbol(char32_t c) {
    return is_category(c, U_GC_S_MASK);
}
bool is_number(char32_t c) {
    return is_category(c, U_GC_N_MASK);
}

// sacreBLEU's TokenizerRegexp, the part 13a and zh share: ASCII punctuation padded, period
// and comma split off unless between digits, a dash after a digit split off.
std::string tokenize_regexp(std::u32string s) {
    // [\{-\~\[-\` -\&\(-\+\:-\@\/]: ASCII punctuation and symbols except ' , - .
    s = pad_characters(s, [](char32_t c) {
        return (c >= U'{' && c <= U'~') || (c >= U'[' && c <= U'`') || (c >= U' ' && c <= U'&') ||
               (c >= U'(' && c <= U'+') || (c >= U':' && c <= U'@') || c == U'/';
    });
    const auto is_period_or_comma = [](char32_t c) { return c == U'.' || c == U','; };
    const auto not_digit = [](char32_t c) { return !is_ascii_digit(c); };
    // Period and comma unless preceded by a digit, then unless followed by a digit.
    s = substitute_pairs(s, not_digit, is_period_or_comma, PairSpacing::kAfterBoth);
    s = substitute_pairs(s, is_period_or_comma, not_digit, PairSpacing::kBeforeBoth);
    // Dash when preceded by a digit.
    s = substitute_pairs(
        s, is_ascii_digit, [](char32_t c) { return c == U'-'; }, PairSpacing::kAfterBoth);
    return join_split(s);
}

// What sacreBLEU's zh tokenizer calls a Chinese character. Its table compares one character
// with Python strings; two of its bounds, written '\u20000'-'\u2a6d6' and '\u2f800'-'\u2fa1d',
// are two characters long ('\u2000' '0', ...), so those ranges are in fact U+2001..U+2A6D
// (general punctuation such as quotes and dashes, arrows, maths) and U+2F81..U+2FA1, and the
// supplementary-plane ideographs they meant are not included. Reproduced as it behaves.
bool is_sacrebleu_chinese(char32_t c) {
    static constexpr std::pair<char32_t, char32_t> ranges[] = {
        {0x3400, 0x4db5}, {0x4e00, 0x9fa5}, {0x9fa6, 0x9fbb}, {0xf900, 0xfa2d}, {0xfa30, 0xfa6a},
        {0xfa70, 0xfad9}, {0x2001, 0x2a6d}, {0x2f81, 0x2fa1}, {0xff00, 0xffef}, {0x2e80, 0x2eff},
        {0x3000, 0x303f}, {0x31c0, 0x31ef}, {0x2f00, 0x2fdf}, {0x2ff0, 0x2fff}, {0x3100, 0x312f},
        {0x31a0, 0x31bf}, {0xfe10, 0xfe1f}, {0xfe30, 0xfe4f}, {0x2600, 0x26ff}, {0x2700, 0x27bf},
        {0x3200, 0x32ff}, {0x3300, 0x33ff}};
    for (const auto& [first, last] : ranges)
        if (c >= first && c <= last) return true;
    return false;
}

}  // namespace

BleuTokenizer parse_bleu_tokenizer(const std::string& name) {
    if (name == "13a") return BleuTokenizer::k13a;
    if (name == "intl") return BleuTokenizer::kIntl;
    if (name == "zh") return BleuTokenizer::kZh;
    if (name == "none") return BleuTokenizer::kNone;
    throw std::invalid_argument("unknown tokenizer '" + name + "' (use 13a, intl, zh or none)");
}

std::string bleu_tokenizer_name(BleuTokenizer tokenizer) {
    switch (tokenizer) {
        case BleuTokenizer::k13a:
            return "13a";
        case BleuTokenizer::kIntl:
            return "intl";
        case BleuTokenizer::kZh:
            return "zh";
        case BleuTokenizer::kNone:
            return "none";
    }
    return "none";
}

std::string tokenize_13a(std::string_view line) {
    // Language-independent part of mteval-v13a.
    std::string text(line);
    replace_all(text, "<skipped>", "");
    replace_all(text, "-\n", "");
    replace_all(text, "\n", " ");
    if (text.find('&') != std::string::npos) {
        replace_all(text, "&quot;", "\"");
        replace_all(text, "&amp;", "&");
        replace_all(text, "&lt;", "<");
        replace_all(text, "&gt;", ">");
    }
    return tokenize_regexp(utf8_to_u32(" " + text + " "));
}

std::string tokenize_zh(std::string_view line) {
    // Python's str.strip(), then every Chinese character padded with spaces, then the
    // western rules (without 13a's entity and newline handling, as sacreBLEU does).
    const std::u32string text = utf8_to_u32(line);
    size_t begin = 0, end = text.size();
    while (begin < end && is_python_space(text[begin])) ++begin;
    while (end > begin && is_python_space(text[end - 1])) --end;
    return tokenize_regexp(pad_characters(text.substr(begin, end - begin), is_sacrebleu_chinese));
}

std::string tokenize_intl(std::string_view line) {
    std::u32string s = utf8_to_u32(line);
    const auto not_number = [](char32_t c) { return !is_number(c); };
    // (\P{N})(\p{P}) -> '\1 \2 ', then (\p{P})(\P{N}) -> ' \1 \2', then (\p{S}) -> ' \1 '.
    s = substitute_pairs(s, not_number, is_punctuation, PairSpacing::kAfterBoth);
    s = substitute_pairs(s, is_punctuation, not_number, PairSpacing::kBeforeBoth);
    s = pad_characters(s, is_symbol);
    return join_split(s);
}

BleuTokenizer bleu_tokenizer_for(const std::vector<std::string>& references) {
    size_t ideographs = 0, characters = 0;
    for (const std::string& line : references)
        for (const char32_t c : utf8_to_u32(line)) {
            if (is_python_space(c)) continue;
            ++characters;
            if ((c >= 0x3400 && c <= 0x9fff) || (c >= 0xf900 && c <= 0xfaff)) ++ideographs;
        }
    return characters > 0 && 3 * ideographs >= characters ? BleuTokenizer::kZh
                                                          : BleuTokenizer::k13a;
}

std::string tokenize_bleu(BleuTokenizer tokenizer, std::string_view line) {
    switch (tokenizer) {
        case BleuTokenizer::k13a:
            return tokenize_13a(line);
        case BleuTokenizer::kIntl:
            return tokenize_intl(line);
        case BleuTokenizer::kZh:
            return tokenize_zh(line);
        case BleuTokenizer::kNone:
            return std::string(line);
    }
    return std::string(line);
}

}  // namespace tfw
