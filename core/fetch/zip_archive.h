#pragma once
// Reads one member of a zip archive (stored or deflated, as zip tools write them; no ZIP64,
// no encryption).

#include <filesystem>
#include <string>

namespace tfw {

// The member's bytes, checked against the archive's CRC-32 and size. Throws
// std::runtime_error when the archive cannot be read or has no such member.
std::string read_zip_member(const std::filesystem::path& archive, const std::string& member);

}  // namespace tfw
