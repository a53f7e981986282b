#include "core/fetch/sha256.h"

#include <openssl/evp.h>
#include <zlib.h>

#include <array>
#include <stdexcept>

namespace tfw {

struct Sha256::Context {
    EVP_MD_CTX* md = EVP_MD_CTX_new();
    ~Context() { EVP_MD_CTX_free(md); }
};

Sha256::Sha256() : context_(std::make_unique<Context>()) {
    if (!context_->md || EVP_DigestInit_ex(context_->md, EVP_sha256(), nullptr) != 1)
        throw std::runtime_error("SHA-256 is not available (OpenSSL)");
}

Sha256::~Sha256() = default;

void Sha256::update(const void* data, std::size_t size) {
    EVP_DigestUpdate(context_->md, data, size);
}

std::string Sha256::hex() {
    std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
    unsigned int length = 0;
    EVP_DigestFinal_ex(context_->md, digest.data(), &length);
    static const char* const digits = "0123456789abcdef";
    std::string text;
    for (unsigned int i = 0; i < length; ++i) {
        text += digits[digest[i] >> 4];
        text += digits[digest[i] & 15];
    }
    return text;
}

std::string text_sha256(const std::filesystem::path& file) {
    // gzread passes files that are not gzip through unchanged.
    gzFile in = gzopen(file.c_str(), "rb");
    if (!in) throw std::runtime_error("cannot read " + file.string());
    Sha256 sha;
    std::array<char, 1 << 16> buffer{};
    int got = 0;
    while ((got = gzread(in, buffer.data(), buffer.size())) > 0)
        sha.update(buffer.data(), static_cast<std::size_t>(got));
    const bool failed = got < 0;
    gzclose(in);
    if (failed) throw std::runtime_error(file.string() + " is not a readable gzip file");
    return sha.hex();
}

}  // namespace tfw
