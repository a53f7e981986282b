#pragma once
// The inputs waiting for a search that keeps its batch full: when an input's rows finish, the
// next input takes them, each row then at a position of its own (DecoderCache::restart_rows).
// A batch whose rows finish one by one would otherwise run on with ever fewer rows, reading all
// the decoder's weights at every step for little arithmetic. Waiting inputs are encoded a batch
// at a time, cross-attention keys and values included, so that starting one is a copy.

#include <cstddef>
#include <functional>
#include <optional>
#include <vector>

#include "core/decode/decode_options.h"
#include "core/model/transformer_model.h"

namespace tfw {

class InputFeed {
  public:
    // sources: every input of the search (seq2seq sources, in decoding order); the first
    // `started` are already in its batch. keep_going(finished inputs) is asked before an input
    // starts; false starts no more.
    InputFeed(TransformerModelImpl& model, const std::vector<std::vector<int>>& sources,
              const DecodeOptions& options, size_t started,
              std::function<bool(size_t finished)> keep_going);

    // The index of the next input to start, if any is left and keep_going agrees.
    std::optional<size_t> next(size_t finished);

    // Puts the inputs `taken` (from next(), in order) into memory rows `slots` of a running
    // search's encoder output and cross-attention cache.
    void place(const std::vector<int64_t>& slots, const std::vector<size_t>& taken,
               EncoderOutput& encoded, DecoderCache& cache);

  private:
    void encode_from(size_t first);

    TransformerModelImpl& model_;
    const std::vector<std::vector<int>>& sources_;
    const DecodeOptions& options_;
    std::function<bool(size_t)> keep_going_;
    size_t next_ = 0;
    bool stopped_ = false;
    // The inputs [chunk_begin_, chunk_end_) encoded.
    size_t chunk_begin_ = 0, chunk_end_ = 0;
    EncoderOutput chunk_;
    DecoderCache chunk_cache_;
};

}  // namespace tfw
