#pragma once
#include <string>

namespace tfw::cli {

// Decodes the first `count` validation inputs with the checkpoint (greedy) and prints
// input, output and reference, so a finished run shows what it learned.
void print_sample_outputs(const std::string& checkpoint, int count);

}  // namespace tfw::cli
