#include "core/fetch/zip_archive.h"

#include <zlib.h>

#include <cstdint>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace tfw {
namespace {

// The records of the format (PKWARE's APPNOTE) that are read here.
constexpr std::uint32_t kLocalHeader = 0x04034b50;
constexpr std::uint32_t kCentralHeader = 0x02014b50;
constexpr std::uint32_t kEndOfCentralDirectory = 0x06054b50;
constexpr std::size_t kLocalHeaderSize = 30, kCentralHeaderSize = 46, kEndSize = 22;

struct Member {
    std::uint16_t method = 0;
    std::uint32_t crc = 0, compressed = 0, size = 0, local_offset = 0;
};

class Archive {
  public:
    explicit Archive(const std::filesystem::path& path) : path_(path) {
        std::ifstream in(path, std::ios::binary);
        if (!in) throw std::runtime_error("cannot read " + path.string());
        std::ostringstream bytes;
        bytes << in.rdbuf();
        bytes_ = bytes.str();
    }

    std::string read(const std::string& name) const {
        const Member member = find(name);
        const std::size_t header = member.local_offset;
        if (u32(header) != kLocalHeader) fail("a broken local header for " + name);
        const std::size_t data = header + kLocalHeaderSize + u16(header + 26) + u16(header + 28);
        if (data + member.compressed > bytes_.size()) fail("a truncated member " + name);
        std::string content;
        if (member.method == 0)
            content = bytes_.substr(data, member.compressed);
        else if (member.method == 8)
            content = inflate_raw(data, member.compressed, member.size);
        else
            fail("an unsupported compression method for " + name);
        const auto crc = crc32(0, reinterpret_cast<const Bytef*>(content.data()),
                               static_cast<uInt>(content.size()));
        if (content.size() != member.size || crc != member.crc)
            fail("a member " + name + " that does not match its CRC-32");
        return content;
    }

  private:
    [[noreturn]] void fail(const std::string& what) const {
        throw std::runtime_error(path_.string() + " is not a readable zip archive (" + what + ")");
    }

    std::uint32_t u16(std::size_t at) const {
        if (at + 2 > bytes_.size()) fail("a record beyond its end");
        const auto* b = reinterpret_cast<const unsigned char*>(bytes_.data() + at);
        return b[0] | (b[1] << 8);
    }
    std::uint32_t u32(std::size_t at) const { return u16(at) | (u16(at + 2) << 16); }

    // The central directory has the sizes even when the local header defers them to a data
    // descriptor after the data.
    Member find(const std::string& name) const {
        if (bytes_.size() < kEndSize) fail("too short");
        std::size_t end = bytes_.size() - kEndSize;
        while (u32(end) != kEndOfCentralDirectory) {  // a comment of up to 64 KiB may follow
            if (end == 0 || bytes_.size() - end > kEndSize + 0xffff) fail("no central directory");
            --end;
        }
        const std::uint32_t count = u16(end + 10);
        std::size_t at = u32(end + 16);
        for (std::uint32_t i = 0; i < count; ++i) {
            if (u32(at) != kCentralHeader) fail("a broken central directory");
            const std::uint32_t name_length = u16(at + 28);
            if (bytes_.compare(at + kCentralHeaderSize, name_length, name) == 0 &&
                name_length == name.size()) {
                Member member;
                member.method = static_cast<std::uint16_t>(u16(at + 10));
                member.crc = u32(at + 16);
                member.compressed = u32(at + 20);
                member.size = u32(at + 24);
                member.local_offset = u32(at + 42);
                if (u16(at + 8) & 1) fail(name + " is encrypted");
                return member;
            }
            at += kCentralHeaderSize + name_length + u16(at + 30) + u16(at + 32);
        }
        throw std::runtime_error(path_.string() + " has no member " + name);
    }

    std::string inflate_raw(std::size_t at, std::uint32_t compressed, std::uint32_t size) const {
        std::string out(size, '\0');
        z_stream stream{};
        if (inflateInit2(&stream, -MAX_WBITS) != Z_OK) fail("zlib could not start");
        stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes_.data() + at));
        stream.avail_in = compressed;
        stream.next_out = reinterpret_cast<Bytef*>(out.data());
        stream.avail_out = size;
        const int result = inflate(&stream, Z_FINISH);
        inflateEnd(&stream);
        if (result != Z_STREAM_END || stream.total_out != size) fail("a corrupt deflate stream");
        return out;
    }

    std::filesystem::path path_;
    std::string bytes_;
};

}  // namespace

std::string read_zip_member(const std::filesystem::path& archive, const std::string& member) {
    return Archive(archive).read(member);
}

}  // namespace tfw
