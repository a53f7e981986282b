// Fuzzes the checkpoint reader as `tfw translate`/`eval` use it: load_model (header, blobs,
// checksums, tokenizers, the weights through LibTorch's archive reader), plus the summary the
// runs list reads. A refusal with CheckpointError is fine; any other exception, crash,
// sanitizer report or allocation past -malloc_limit_mb is a finding. Seeds: fuzz/seeds/checkpoint/
// (a real, tiny checkpoint written by `tfw train`).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/io/checkpoint.h"
#include "core/io/model_io.h"
#include "fuzz/fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string path = tfw::fuzz::write_scratch_file(
        "checkpoint.tfw", std::string_view(reinterpret_cast<const char*>(data), size));
    try {
        (void)tfw::load_checkpoint_summary(path);
    } catch (const tfw::CheckpointError&) {
    }
    try {
        (void)tfw::load_model(path, "cpu");
    } catch (const tfw::CheckpointError&) {
    }
    return 0;
}
