#pragma once
// SHA-256 of a stream of bytes (OpenSSL's EVP), as lowercase hex.

#include <cstddef>
#include <filesystem>
#include <memory>
#include <string>

namespace tfw {

class Sha256 {
  public:
    Sha256();
    ~Sha256();
    Sha256(const Sha256&) = delete;
    Sha256& operator=(const Sha256&) = delete;

    void update(const void* data, std::size_t size);
    std::string hex();  // ends the digest

  private:
    struct Context;
    std::unique_ptr<Context> context_;
};

// SHA-256 of a file's text: gzip files are decompressed first, other files read as they are.
// Throws std::runtime_error naming the file when it cannot be read.
std::string text_sha256(const std::filesystem::path& file);

}  // namespace tfw
