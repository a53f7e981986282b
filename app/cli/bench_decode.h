#pragma once
// tfw bench decode: decoding throughput of a checkpoint on a source file.

#include <string>
#include <vector>

namespace tfw::cli {

int bench_decode(const std::vector<std::string>& args);

}  // namespace tfw::cli
