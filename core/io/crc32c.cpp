#include "core/io/crc32c.h"

#include <array>

namespace tfw {

namespace {
// Reflected polynomial 0x1EDC6F41.
constexpr uint32_t kPolynomial = 0x82F63B78u;

std::array<uint32_t, 256> make_table() {
    std::array<uint32_t, 256> table{};
    for (uint32_t i = 0; i < 256; ++i) {
        uint32_t c = i;
        for (int bit = 0; bit < 8; ++bit) c = (c & 1) ? (c >> 1) ^ kPolynomial : c >> 1;
        table[i] = c;
    }
    return table;
}
}  // namespace

uint32_t crc32c(const void* data, size_t size, uint32_t crc) {
    static const std::array<uint32_t, 256> table = make_table();
    const auto* bytes = static_cast<const unsigned char*>(data);
    crc = ~crc;
    for (size_t i = 0; i < size; ++i) crc = table[(crc ^ bytes[i]) & 0xFFu] ^ (crc >> 8);
    return ~crc;
}

}  // namespace tfw
