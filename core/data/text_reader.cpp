#include "core/data/text_reader.h"

#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <memory>

#include "core/data/data_error.h"

namespace tfw {

bool is_valid_utf8(std::string_view text) {
    const auto* s = reinterpret_cast<const unsigned char*>(text.data());
    const size_t n = text.size();
    size_t i = 0;
    while (i < n) {
        const unsigned char c = s[i];
        if (c < 0x80) {
            ++i;
            continue;
        }
        size_t extra;
        uint32_t code;
        if ((c & 0xE0) == 0xC0) {
            extra = 1, code = c & 0x1F;
        } else if ((c & 0xF0) == 0xE0) {
            extra = 2, code = c & 0x0F;
        } else if ((c & 0xF8) == 0xF0) {
            extra = 3, code = c & 0x07;
        } else {
            return false;
        }
        if (i + extra >= n) return false;  // truncated sequence
        for (size_t k = 1; k <= extra; ++k) {
            if ((s[i + k] & 0xC0) != 0x80) return false;
            code = (code << 6) | (s[i + k] & 0x3F);
        }
        // Overlong forms, surrogates and values past U+10FFFF are not UTF-8.
        if ((extra == 1 && code < 0x80) || (extra == 2 && code < 0x800) ||
            (extra == 3 && code < 0x10000) || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF))
            return false;
        i += extra + 1;
    }
    return true;
}

bool for_each_text_line(const std::string& path, const TextLineVisitor& visit) {
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) throw DataError(path, 0, "no such file");
    if (std::filesystem::is_directory(path, ec))
        throw DataError(path, 0, "is a folder, not a file");
    const auto file_size = std::filesystem::file_size(path, ec);
    // gzopen reads plain files transparently, so one path serves both.
    std::unique_ptr<gzFile_s, int (*)(gzFile)> file(gzopen(path.c_str(), "rb"), gzclose);
    if (!file) throw DataError(path, 0, std::string("cannot open: ") + std::strerror(errno));
    gzbuffer(file.get(), 1 << 17);

    int64_t lines = 0;
    std::string pending;
    std::vector<char> chunk(1 << 17);
    double fraction = 0;
    auto finish_line = [&](std::string&& line) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        // A byte order mark (Windows editors write one) is no part of the first word.
        if (lines == 0 && line.rfind("\xEF\xBB\xBF", 0) == 0) line.erase(0, 3);
        if (!is_valid_utf8(line)) throw DataError(path, lines + 1, "invalid UTF-8");
        return visit(std::move(line), ++lines, fraction);
    };
    for (;;) {
        const int got = gzread(file.get(), chunk.data(), static_cast<unsigned>(chunk.size()));
        if (got < 0) {
            int code = 0;
            const char* message = gzerror(file.get(), &code);
            throw DataError(path, lines + 1,
                            std::string("read error: ") + (message ? message : "unknown"));
        }
        if (got == 0) break;
        if (!ec && file_size > 0)
            fraction = std::min(
                1.0, static_cast<double>(gzoffset(file.get())) / static_cast<double>(file_size));
        size_t start = 0;
        for (size_t i = 0; i < static_cast<size_t>(got); ++i) {
            if (chunk[i] != '\n') continue;
            pending.append(chunk.data() + start, i - start);
            if (!finish_line(std::move(pending))) return false;
            pending.clear();
            start = i + 1;
        }
        pending.append(chunk.data() + start, static_cast<size_t>(got) - start);
    }
    // zlib reports a gzip stream cut short (a partial download) only when closing.
    if (gzclose_r(file.release()) == Z_BUF_ERROR)
        throw DataError(path, lines + 1,
                        "the compressed file ends early (truncated or damaged download?)");
    fraction = 1.0;
    if (!pending.empty()) return finish_line(std::move(pending));
    return true;
}

std::vector<std::string> read_text_lines(const std::string& path) {
    std::vector<std::string> lines;
    for_each_text_line(path, [&](std::string&& line, int64_t, double) {
        lines.push_back(std::move(line));
        return true;
    });
    return lines;
}

}  // namespace tfw
