#include "core/fetch/python_literal.h"

#include <stdexcept>

namespace tfw {
namespace {

void append_utf8(std::string& out, unsigned long code) {
    if (code >= 0xd800 && code <= 0xdfff)
        throw std::runtime_error("a lone surrogate has no UTF-8 form");
    if (code > 0x10ffff) throw std::runtime_error("escape beyond U+10FFFF");
    if (code < 0x80) {
        out += static_cast<char>(code);
    } else if (code < 0x800) {
        out += static_cast<char>(0xc0 | (code >> 6));
        out += static_cast<char>(0x80 | (code & 0x3f));
    } else if (code < 0x10000) {
        out += static_cast<char>(0xe0 | (code >> 12));
        out += static_cast<char>(0x80 | ((code >> 6) & 0x3f));
        out += static_cast<char>(0x80 | (code & 0x3f));
    } else {
        out += static_cast<char>(0xf0 | (code >> 18));
        out += static_cast<char>(0x80 | ((code >> 12) & 0x3f));
        out += static_cast<char>(0x80 | ((code >> 6) & 0x3f));
        out += static_cast<char>(0x80 | (code & 0x3f));
    }
}

class Parser {
  public:
    explicit Parser(const std::string& text) : text_(text) {}

    nlohmann::json parse() {
        nlohmann::json value = parse_value();
        skip_space();
        if (pos_ != text_.size()) fail("text after the literal");
        return value;
    }

  private:
    [[noreturn]] void fail(const std::string& what) const {
        throw std::runtime_error(what + " at column " + std::to_string(pos_ + 1));
    }

    void skip_space() {
        while (pos_ < text_.size() && std::string(" \t\f\r").find(text_[pos_]) != std::string::npos)
            ++pos_;
    }

    bool next_is(char c) {
        skip_space();
        return pos_ < text_.size() && text_[pos_] == c;
    }

    void expect(char c) {
        if (!next_is(c)) fail(std::string("expected '") + c + "'");
        ++pos_;
    }

    nlohmann::json parse_value() {
        skip_space();
        if (pos_ == text_.size()) fail("unexpected end");
        const char c = text_[pos_];
        if (c == '{') return parse_dict();
        if (c == '[') return parse_list();
        if (c == '\'' || c == '"') return parse_strings();
        fail("not a dict, list or string");
    }

    nlohmann::json parse_dict() {
        nlohmann::json dict = nlohmann::json::object();
        expect('{');
        while (!next_is('}')) {
            if (!next_is('\'') && !next_is('"')) fail("a key that is not a string");
            const std::string key = parse_strings();
            expect(':');
            dict[key] = parse_value();  // a repeated key keeps the last value, as in Python
            if (!next_is(',')) break;
            ++pos_;
        }
        expect('}');
        return dict;
    }

    nlohmann::json parse_list() {
        nlohmann::json list = nlohmann::json::array();
        expect('[');
        while (!next_is(']')) {
            list.push_back(parse_value());
            if (!next_is(',')) break;
            ++pos_;
        }
        expect(']');
        return list;
    }

    // One string, or several adjacent ones joined ('a' "b" is 'ab').
    std::string parse_strings() {
        std::string value;
        do value += parse_string();
        while (next_is('\'') || next_is('"'));
        return value;
    }

    std::string parse_string() {
        const char quote = text_[pos_++];
        if (text_.compare(pos_, 2, std::string(2, quote)) == 0) fail("a triple-quoted string");
        std::string value;
        while (true) {
            if (pos_ >= text_.size() || text_[pos_] == '\n') fail("an unterminated string");
            const char c = text_[pos_++];
            if (c == quote) return value;
            if (c != '\\') {
                value += c;
                continue;
            }
            if (pos_ >= text_.size()) fail("an unterminated string");
            parse_escape(value);
        }
    }

    unsigned long hex_digits(int count) {
        if (text_.size() - pos_ < static_cast<std::size_t>(count)) fail("a short \\x, \\u or \\U");
        unsigned long code = 0;
        for (int i = 0; i < count; ++i) {
            const char d = text_[pos_++];
            int digit;
            if (d >= '0' && d <= '9')
                digit = d - '0';
            else if (d >= 'a' && d <= 'f')
                digit = d - 'a' + 10;
            else if (d >= 'A' && d <= 'F')
                digit = d - 'A' + 10;
            else
                fail("a bad hex digit");
            code = code * 16 + digit;
        }
        return code;
    }

    // After a backslash: what Python makes of the escape in a str literal.
    void parse_escape(std::string& value) {
        const char c = text_[pos_++];
        switch (c) {
            case '\\':
                value += '\\';
                return;
            case '\'':
                value += '\'';
                return;
            case '"':
                value += '"';
                return;
            case 'a':
                value += '\a';
                return;
            case 'b':
                value += '\b';
                return;
            case 'f':
                value += '\f';
                return;
            case 'n':
                value += '\n';
                return;
            case 'r':
                value += '\r';
                return;
            case 't':
                value += '\t';
                return;
            case 'v':
                value += '\v';
                return;
            case 'x':
                append_utf8(value, hex_digits(2));
                return;
            case 'u':
                append_utf8(value, hex_digits(4));
                return;
            case 'U':
                append_utf8(value, hex_digits(8));
                return;
            case 'N':
                fail("a \\N{...} escape");
            default:
                break;
        }
        if (c >= '0' && c <= '7') {
            unsigned long code = c - '0';
            for (int i = 0;
                 i < 2 && pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '7'; ++i)
                code = code * 8 + (text_[pos_++] - '0');
            append_utf8(value, code);
            return;
        }
        value += '\\';  // an unknown escape stays as written
        value += c;
    }

    const std::string& text_;
    std::size_t pos_ = 0;
};

}  // namespace

nlohmann::json parse_python_literal(const std::string& text) {
    return Parser(text).parse();
}

}  // namespace tfw
