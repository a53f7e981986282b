#pragma once
// The safetensors format (what the `safetensors` Python package reads and writes): a
// little-endian u64 header length, a JSON header
//   {NAME: {"dtype": "F32", "shape": [..], "data_offsets": [BEGIN, END]}, ...,
//    "__metadata__": {KEY: "text", ...}}
// and the tensors' raw little-endian bytes, offsets counted from the end of the header.

#include <ATen/core/Tensor.h>

#include <map>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace tfw {

class SafetensorsError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

using NamedTensors = std::vector<std::pair<std::string, at::Tensor>>;

struct SafetensorsContents {
    std::map<std::string, at::Tensor> tensors;  // on the CPU, in their stored dtype
    std::map<std::string, std::string> metadata;
};

// Writes the tensors (any device; F64, F32, F16, BF16, I64, I32, I16, I8, U8 or BOOL) in the
// given order. Throws SafetensorsError naming the file (and tensor).
void write_safetensors(const std::string& path, const NamedTensors& tensors,
                       const std::map<std::string, std::string>& metadata = {});

// Reads and checks a whole file: header length within the file, known dtypes, every tensor's
// bytes exactly its shape's size, the tensors tiling the data without gaps or overlaps. Throws
// SafetensorsError naming the file and, where one is at fault, the tensor.
SafetensorsContents read_safetensors(const std::string& path);

}  // namespace tfw
