// fuzz_sentencepiece links the module's code into the executable (no LibTorch there, so no
// protobuf clash and no dlopen): the loader becomes a direct call.
#include "core/data/sentencepiece_module.h"

namespace tfw::spm {

const Module& sentencepiece_module() {
    return *tfw_sentencepiece_module();
}

}  // namespace tfw::spm
