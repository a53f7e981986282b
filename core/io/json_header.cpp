#include "core/io/json_header.h"

namespace tfw {

JsonHeaderError::JsonHeaderError(JsonHeaderFault fault_, uint64_t length_)
    : std::runtime_error("unreadable JSON header"), fault(fault_), length(length_) {}

std::string json_header_length_bytes(uint64_t length) {
    std::string bytes;
    for (int i = 0; i < 8; ++i) bytes.push_back(static_cast<char>((length >> (8 * i)) & 0xff));
    return bytes;
}

JsonHeader read_json_header(std::istream& in, uint64_t bytes_left, uint64_t min_length,
                            uint64_t max_length) {
    unsigned char length_bytes[8] = {};
    in.read(reinterpret_cast<char*>(length_bytes), 8);
    if (in.gcount() < 8) throw JsonHeaderError(JsonHeaderFault::ShortLength, 0);
    uint64_t length = 0;
    for (int i = 0; i < 8; ++i) length |= uint64_t(length_bytes[i]) << (8 * i);
    if (length < min_length || length > max_length || bytes_left < 8 || length > bytes_left - 8)
        throw JsonHeaderError(JsonHeaderFault::BadLength, length);
    JsonHeader header;
    header.text.assign(length, '\0');
    in.read(header.text.data(), static_cast<std::streamsize>(length));
    try {
        header.value = nlohmann::json::parse(header.text);
    } catch (const nlohmann::json::exception&) {
        throw JsonHeaderError(JsonHeaderFault::NotJson, length);
    }
    if (!header.value.is_object()) throw JsonHeaderError(JsonHeaderFault::NotObject, length);
    return header;
}

}  // namespace tfw
