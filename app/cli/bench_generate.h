#pragma once
// tfw bench generate: decoding throughput of a model with random weights, built from the
// same model flags as tfw bench train, so each component's decoding cost can be compared.

#include <string>
#include <vector>

namespace tfw::cli {

int bench_generate(const std::vector<std::string>& args);

}  // namespace tfw::cli
