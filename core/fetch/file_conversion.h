#pragma once
// Turns a downloaded file into the file a preset reads (see FileConversion).

#include <filesystem>
#include <string>

#include "core/fetch/dataset_catalog.h"

namespace tfw {

// Reads `downloaded`, writes `converted` as `file` says (Copy and KeepGzip move the file
// instead) and returns the SHA-256 of the resulting text. Throws std::runtime_error naming the
// file.
std::string convert_download(const DatasetFile& file, const std::filesystem::path& downloaded,
                             const std::filesystem::path& converted);

// "@@ " deleted everywhere (subword-nmt's continuation marks).
std::string strip_bpe_marks(const std::string& line);

}  // namespace tfw
