#pragma once
// The framing safetensors files and (after their magic) checkpoints share: an unsigned 64-bit
// little-endian byte count, then that many bytes of JSON describing the binary data after it.

#include <nlohmann/json.hpp>

#include <cstdint>
#include <istream>
#include <stdexcept>
#include <string>

namespace tfw {

// Why a header could not be read; each format words its own message from it.
enum class JsonHeaderFault {
    ShortLength,  // fewer than 8 bytes where the length belongs
    BadLength,    // the length is out of bounds for the file
    NotJson,
    NotObject,
};

class JsonHeaderError : public std::runtime_error {
  public:
    JsonHeaderError(JsonHeaderFault fault, uint64_t length);
    JsonHeaderFault fault;
    uint64_t length;  // as read; 0 for ShortLength
};

struct JsonHeader {
    std::string text;  // the bytes as stored (what a checksum covers)
    nlohmann::json value;
};

// The 8 bytes of a header's length, little-endian, to write before its text.
std::string json_header_length_bytes(uint64_t length);
// Reads the length and the header at the stream's position. A length below min_length, above
// max_length or above the bytes_left after the length is BadLength. Throws JsonHeaderError.
JsonHeader read_json_header(std::istream& in, uint64_t bytes_left, uint64_t min_length,
                            uint64_t max_length);

}  // namespace tfw
