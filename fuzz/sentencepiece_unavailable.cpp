// Stand-in for core/data/sentencepiece_module_loader.cpp in the fuzz build: the real loader
// uses dlopen(RTLD_DEEPBIND), which AddressSanitizer aborts on. A checkpoint naming a
// sentencepiece tokenizer is then refused like one whose tokenizer does not load
// (fuzz_sentencepiece fuzzes the model bytes themselves).
#include <stdexcept>

#include "core/data/sentencepiece_module.h"

namespace tfw::spm {

const Module& sentencepiece_module() {
    throw std::runtime_error("sentencepiece is not available in the fuzz build");
}

}  // namespace tfw::spm
