#pragma once
// CRC-32C (Castagnoli), the checksum TensorBoard's record files frame every record with.
// Debian 12 packages no C++ CRC-32C library, and the table version is a few lines.

#include <cstddef>
#include <cstdint>

namespace tfw {

// Continues `crc` (0 to start) over `size` bytes.
uint32_t crc32c(const void* data, size_t size, uint32_t crc = 0);

}  // namespace tfw
