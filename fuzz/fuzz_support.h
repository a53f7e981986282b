#pragma once
// Helpers shared by the fuzz targets: the readers under test take paths, so inputs go
// through files in a folder of the fuzzing process's own.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

namespace tfw::fuzz {

// A file named `name` in this process's scratch folder (under $TMPDIR or /tmp), holding bytes.
std::string write_scratch_file(const std::string& name, std::string_view bytes);

// Splits the input at the first "\n--8<--\n" (the seeds use it between two files); the second
// part is empty when there is none.
std::pair<std::string_view, std::string_view> split_input(const uint8_t* data, size_t size);

}  // namespace tfw::fuzz
