#include "fuzz/fuzz_support.h"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace tfw::fuzz {

namespace {

const std::filesystem::path& scratch_folder() {
    static const std::filesystem::path folder = [] {
        const char* tmp = std::getenv("TMPDIR");
        std::filesystem::path path = tmp && *tmp ? tmp : "/tmp";
        path /= "tfw-fuzz-" + std::to_string(::getpid());
        std::filesystem::create_directories(path);
        return path;
    }();
    return folder;
}

}  // namespace

std::string write_scratch_file(const std::string& name, std::string_view bytes) {
    const std::string path = (scratch_folder() / name).string();
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    return path;
}

std::pair<std::string_view, std::string_view> split_input(const uint8_t* data, size_t size) {
    const std::string_view all(reinterpret_cast<const char*>(data), size);
    constexpr std::string_view kSeparator = "\n--8<--\n";
    const size_t at = all.find(kSeparator);
    if (at == std::string_view::npos) return {all, {}};
    return {all.substr(0, at), all.substr(at + kSeparator.size())};
}

}  // namespace tfw::fuzz
