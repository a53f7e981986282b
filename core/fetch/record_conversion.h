#pragma once
// The Records conversion: a file of records (JSON lines, or Python dict literals, possibly
// inside a zip archive) becomes one line of text per record.

#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "core/fetch/dataset_catalog.h"

namespace tfw {

// The converted text of `downloaded`: one line, ending in LF, per record (blank lines hold no
// record). Throws std::runtime_error naming the line that does not fit.
std::string records_text(const RecordField& field, const std::filesystem::path& downloaded);

// The line (without LF) that one record gives.
std::string record_line(const nlohmann::json& record, const RecordField& field);

}  // namespace tfw
