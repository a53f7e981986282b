#include "core/fetch/file_conversion.h"

#include <zlib.h>

#include <array>
#include <fstream>
#include <stdexcept>

#include "core/fetch/record_conversion.h"
#include "core/fetch/sha256.h"

namespace tfw {
namespace {

// gzip in or out through one interface; reading passes plain files through.
class GzipFile {
  public:
    GzipFile(const std::filesystem::path& path, const char* mode)
        : path_(path), file_(gzopen(path.c_str(), mode)) {
        if (!file_) throw std::runtime_error("cannot open " + path.string());
    }
    ~GzipFile() {
        if (file_) gzclose(file_);
    }
    GzipFile(const GzipFile&) = delete;
    GzipFile& operator=(const GzipFile&) = delete;

    std::size_t read(char* data, std::size_t size) {
        const int got = gzread(file_, data, static_cast<unsigned>(size));
        if (got < 0) throw std::runtime_error(path_.string() + " is not a readable gzip file");
        return static_cast<std::size_t>(got);
    }
    void write(const char* data, std::size_t size) {
        if (size && gzwrite(file_, data, static_cast<unsigned>(size)) == 0)
            throw std::runtime_error("cannot write " + path_.string());
    }
    void close() {
        const int result = gzclose(file_);
        file_ = nullptr;
        if (result != Z_OK) throw std::runtime_error("cannot write " + path_.string());
    }

  private:
    std::filesystem::path path_;
    gzFile file_;
};

std::string recompress(const std::filesystem::path& in_path, const std::filesystem::path& out_path,
                       const char* out_mode) {
    GzipFile in(in_path, "rb");
    GzipFile out(out_path, out_mode);
    Sha256 sha;
    std::array<char, 1 << 16> buffer{};
    for (std::size_t got; (got = in.read(buffer.data(), buffer.size())) > 0;) {
        sha.update(buffer.data(), got);
        out.write(buffer.data(), got);
    }
    out.close();
    return sha.hex();
}

std::string strip_bpe_file(const std::filesystem::path& in_path,
                           const std::filesystem::path& out_path) {
    std::ifstream in(in_path, std::ios::binary);
    std::ofstream out(out_path, std::ios::binary | std::ios::trunc);
    if (!in) throw std::runtime_error("cannot read " + in_path.string());
    if (!out) throw std::runtime_error("cannot write " + out_path.string());
    Sha256 sha;
    for (std::string line; std::getline(in, line);) {
        const bool ended = !in.eof();  // a last line without LF stays without it
        std::string text = strip_bpe_marks(line) + (ended ? "\n" : "");
        sha.update(text.data(), text.size());
        out << text;
    }
    out.close();
    if (!out) throw std::runtime_error("cannot write " + out_path.string());
    return sha.hex();
}

std::string write_records(const DatasetFile& file, const std::filesystem::path& in_path,
                          const std::filesystem::path& out_path) {
    const std::string text = records_text(file.field, in_path);
    const std::string& target = file.target;
    const bool gzip = target.size() > 3 && target.compare(target.size() - 3, 3, ".gz") == 0;
    GzipFile out(out_path, gzip ? "wb6" : "wbT");
    out.write(text.data(), text.size());
    out.close();
    Sha256 sha;
    sha.update(text.data(), text.size());
    return sha.hex();
}

}  // namespace

std::string strip_bpe_marks(const std::string& line) {
    std::string text;
    text.reserve(line.size());
    for (std::size_t i = 0; i < line.size(); ++i) {
        if (line.compare(i, 3, "@@ ") == 0) {
            i += 2;
            continue;
        }
        text += line[i];
    }
    return text;
}

std::string convert_download(const DatasetFile& file, const std::filesystem::path& downloaded,
                             const std::filesystem::path& converted) {
    switch (file.conversion) {
        case FileConversion::Copy:
        case FileConversion::KeepGzip:
            std::filesystem::rename(downloaded, converted);
            return text_sha256(converted);
        case FileConversion::Gunzip:
            // "T": transparent writing, i.e. plain output.
            return recompress(downloaded, converted, "wbT");
        case FileConversion::Gzip:
            return recompress(downloaded, converted, "wb6");
        case FileConversion::StripBpeMarks:
            return strip_bpe_file(downloaded, converted);
        case FileConversion::Records:
            return write_records(file, downloaded, converted);
    }
    throw std::logic_error("unknown file conversion");
}

}  // namespace tfw
