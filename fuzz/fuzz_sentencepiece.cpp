// Fuzzes loading a sentencepiece model (the bytes of a .model file, as checkpoints and
// tokenizer.model carry them) and using it: encode, pieces, decode, piece lookup. A refusal
// with std::runtime_error from deserialize is fine; anything else is a finding.
// Seeds: fuzz/seeds/sentencepiece/ (models trained by sentencepiece as the workbench does).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include "core/data/sentencepiece_tokenizer.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string bytes(reinterpret_cast<const char*>(data), size);
    std::shared_ptr<tfw::SentencePieceTokenizer> tokenizer;
    try {
        tokenizer = tfw::SentencePieceTokenizer::deserialize(bytes);
    } catch (const std::runtime_error&) {
        return 0;
    }
    const std::string text = "Ein Mann fährt Fahrrad. A man rides a bike! 123 <n> \xe2\x80\x94 ok";
    const int vocab = tokenizer->vocab_size();
    // A model sentencepiece accepts can still fail to encode ("all normalized characters are
    // not consumed"); the module reports that as std::runtime_error (docs/hardening.md).
    try {
        const std::vector<int> ids = tokenizer->encode(text);
        for (const int id : ids)
            if (id < 0 || id >= vocab) std::abort();
        (void)tokenizer->pieces(text);
        (void)tokenizer->decode(ids);
        (void)tokenizer->decode({-1, 0, 1, 2, 3, 4, vocab - 1, vocab, 1 << 30});
    } catch (const std::runtime_error&) {
    }
    for (int id = 0; id < vocab && id < 64; ++id) (void)tokenizer->piece(id);
    try {
        (void)tokenizer->piece(vocab);
        std::abort();  // must be refused
    } catch (const std::out_of_range&) {
    }
    (void)tokenizer->serialize();
    return 0;
}
