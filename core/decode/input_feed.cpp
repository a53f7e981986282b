#include "core/decode/input_feed.h"

#include <ATen/ATen.h>

#include <algorithm>

#include "core/decode/logit_rules.h"

namespace tfw {

InputFeed::InputFeed(TransformerModelImpl& model, const std::vector<std::vector<int>>& sources,
                     const DecodeOptions& options, size_t started,
                     std::function<bool(size_t)> keep_going)
    : model_(model),
      sources_(sources),
      options_(options),
      keep_going_(std::move(keep_going)),
      next_(started),
      chunk_begin_(started),
      chunk_end_(started) {
    TORCH_CHECK(!model.options().is_lm(),
                "a language model's prompts are decoded batch by batch (one length each)");
}

std::optional<size_t> InputFeed::next(size_t finished) {
    if (stopped_ || next_ >= sources_.size()) return std::nullopt;
    if (keep_going_ && !keep_going_(finished)) {
        stopped_ = true;
        return std::nullopt;
    }
    return next_++;
}

void InputFeed::encode_from(size_t first) {
    const size_t batch = static_cast<size_t>(std::max(1, options_.batch_size));
    const size_t end = std::min(sources_.size(), first + batch);
    const std::vector<std::vector<int>> inputs(sources_.begin() + static_cast<long>(first),
                                               sources_.begin() + static_cast<long>(end));
    const auto device = model_.parameters().front().device();
    const DecodeBatch batch_input =
        make_decode_batch(inputs, false, options_, model_.options().max_positions, device);
    chunk_ = model_.encode(batch_input.tokens);
    chunk_cache_ = model_.memory_cache(chunk_);
    chunk_begin_ = first;
    chunk_end_ = end;
}

void InputFeed::place(const std::vector<int64_t>& slots, const std::vector<size_t>& taken,
                      EncoderOutput& encoded, DecoderCache& cache) {
    const auto device = model_.parameters().front().device();
    // Inputs are taken in order, so they span at most this chunk's end and the next ones.
    for (size_t i = 0; i < taken.size();) {
        if (taken[i] >= chunk_end_) encode_from(taken[i]);
        std::vector<int64_t> into, rows;
        for (; i < taken.size() && taken[i] < chunk_end_; ++i) {
            into.push_back(slots[i]);
            rows.push_back(static_cast<int64_t>(taken[i] - chunk_begin_));
        }
        const at::Tensor into_t = long_tensor(into, device), rows_t = long_tensor(rows, device);
        encoded.place(into_t, chunk_, rows_t);
        cache.place_memory(into_t, chunk_cache_, rows_t);
    }
}

}  // namespace tfw
