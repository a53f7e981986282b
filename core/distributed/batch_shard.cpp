#include "core/distributed/batch_shard.h"

#include <algorithm>

#include "core/data/tokenizer.h"

namespace tfw {

namespace {

int64_t row_length(const std::vector<int64_t>& buffer, int64_t row, int64_t len) {
    const auto begin = buffer.begin() + static_cast<ptrdiff_t>(row * len);
    const auto end = begin + len;
    auto last = end;
    while (last != begin && *(last - 1) == kPadId) --last;
    return last - begin;
}

// Copies row `from` of a [*, from_len] buffer into row `to` of a [*, to_len] one.
void copy_row(const std::vector<int64_t>& in, int64_t from, int64_t from_len,
              std::vector<int64_t>& out, int64_t to, int64_t to_len) {
    const auto begin = in.begin() + static_cast<ptrdiff_t>(from * from_len);
    std::copy(begin, begin + std::min(from_len, to_len),
              out.begin() + static_cast<ptrdiff_t>(to * to_len));
}

}  // namespace

Batch batch_shard(const Batch& batch, int rank, int world_size) {
    Batch shard;
    std::vector<int64_t> rows;
    for (int64_t row = rank; row < batch.size; row += world_size) rows.push_back(row);
    shard.size = static_cast<int64_t>(rows.size());
    for (const int64_t row : rows) {
        if (batch.src_len > 0)
            shard.src_len = std::max(shard.src_len, row_length(batch.src, row, batch.src_len));
        shard.tgt_len = std::max(shard.tgt_len, row_length(batch.tgt_in, row, batch.tgt_len));
        shard.tgt_len = std::max(shard.tgt_len, row_length(batch.tgt_out, row, batch.tgt_len));
    }
    shard.src.assign(static_cast<size_t>(shard.size * shard.src_len), kPadId);
    shard.tgt_in.assign(static_cast<size_t>(shard.size * shard.tgt_len), kPadId);
    shard.tgt_out.assign(static_cast<size_t>(shard.size * shard.tgt_len), kPadId);
    for (int64_t i = 0; i < shard.size; ++i) {
        if (shard.src_len > 0) {
            copy_row(batch.src, rows[i], batch.src_len, shard.src, i, shard.src_len);
            shard.src_tokens += row_length(batch.src, rows[i], batch.src_len);
        }
        copy_row(batch.tgt_in, rows[i], batch.tgt_len, shard.tgt_in, i, shard.tgt_len);
        copy_row(batch.tgt_out, rows[i], batch.tgt_len, shard.tgt_out, i, shard.tgt_len);
        shard.tgt_tokens += row_length(batch.tgt_out, rows[i], batch.tgt_len);
    }
    return shard;
}

}  // namespace tfw
