#pragma once
// A look at the zip archive of LibTorch's serialized modules and optimizers before LibTorch
// reads it: LibTorch allocates each record at the size the archive's central directory claims
// (caffe2::serialize::PyTorchStreamReader::getRecord in 1.13) before checking it, so a few
// bytes of a damaged or hostile checkpoint could make it allocate gigabytes.

#include <string>

namespace tfw {

// Empty when no record of the archive claims more bytes than the whole archive holds (what
// LibTorch writes: every record stored, uncompressed); otherwise what is wrong, e.g.
// "record archive/data/0 claims 4026531840 bytes in an archive of 31000".
std::string torch_archive_problem(const std::string& archive);

}  // namespace tfw
