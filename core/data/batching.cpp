#include <algorithm>
#include <numeric>
#include <random>

#include "core/data/dataset.h"
#include "core/data/random.h"
#include "core/data/tokenizer.h"

namespace tfw {
namespace {

void fill_padded(std::vector<int64_t>& out, const std::vector<int32_t>& ids, size_t row,
                 int64_t len, int64_t& tokens) {
    std::copy(ids.begin(), ids.end(), out.begin() + static_cast<ptrdiff_t>(row * len));
    tokens += static_cast<int64_t>(ids.size());
}

int64_t round_up(size_t length, int64_t multiple) {
    return (static_cast<int64_t>(length) + multiple - 1) / multiple * multiple;
}

// A row that holds no target token: one source token (so that its attention has a key) and a
// start token, nothing to predict. It adds no loss and no gradient.
void fill_dummy_row(Batch& batch, int64_t row) {
    if (batch.src_len > 0) batch.src[static_cast<size_t>(row * batch.src_len)] = kEosId;
    batch.tgt_in[static_cast<size_t>(row * batch.tgt_len)] = kBosId;
}

// The examples `members` padded to their longest (rounded up to `multiple`); with a multiple
// above 1, also to the rows a full batch of that shape holds, so that the shape depends only on
// the two rounded lengths.
Batch build_batch(const std::vector<Example>& examples, const std::vector<size_t>& members,
                  int64_t batch_tokens, int64_t multiple) {
    Batch batch;
    batch.size = static_cast<int64_t>(members.size());
    for (const size_t i : members) {
        batch.src_len = std::max(batch.src_len, round_up(examples[i].src.size(), multiple));
        batch.tgt_len = std::max(batch.tgt_len, round_up(examples[i].tgt_in.size(), multiple));
    }
    if (multiple > 1)
        batch.size = std::max(batch.size, batch_tokens / (batch.src_len + batch.tgt_len));
    batch.src.assign(static_cast<size_t>(batch.size * batch.src_len), kPadId);
    batch.tgt_in.assign(static_cast<size_t>(batch.size * batch.tgt_len), kPadId);
    batch.tgt_out.assign(static_cast<size_t>(batch.size * batch.tgt_len), kPadId);
    int64_t unused = 0;
    for (size_t row = 0; row < members.size(); ++row) {
        const Example& e = examples[members[row]];
        fill_padded(batch.src, e.src, row, batch.src_len, batch.src_tokens);
        fill_padded(batch.tgt_in, e.tgt_in, row, batch.tgt_len, unused);
        fill_padded(batch.tgt_out, e.tgt_out, row, batch.tgt_len, batch.tgt_tokens);
    }
    for (auto row = static_cast<int64_t>(members.size()); row < batch.size; ++row)
        fill_dummy_row(batch, row);
    return batch;
}

}  // namespace

std::vector<Batch> make_batches(const std::vector<Example>& examples, int64_t batch_tokens,
                                bool shuffle, uint64_t seed, int epoch, int64_t shape_multiple) {
    const int64_t multiple = std::max<int64_t>(1, shape_multiple);
    std::vector<size_t> order(examples.size());
    std::iota(order.begin(), order.end(), size_t{0});
    std::mt19937_64 rng(mix_seed(seed, static_cast<uint64_t>(epoch)));
    // Shuffling first and sorting stably leaves equal lengths in shuffled order.
    if (shuffle) shuffle_in_place(order, rng);
    auto src_len = [&](size_t i) { return round_up(examples[i].src.size(), multiple); };
    auto tgt_len = [&](size_t i) { return round_up(examples[i].tgt_in.size(), multiple); };
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
        if (src_len(a) != src_len(b)) return src_len(a) < src_len(b);
        return tgt_len(a) < tgt_len(b);
    });

    std::vector<Batch> batches;
    std::vector<size_t> members;
    int64_t max_src = 0, max_tgt = 0;
    for (const size_t i : order) {
        const int64_t next_src = std::max(max_src, src_len(i));
        const int64_t next_tgt = std::max(max_tgt, tgt_len(i));
        const auto cost = static_cast<int64_t>(members.size() + 1) * (next_src + next_tgt);
        if (!members.empty() && cost > batch_tokens) {
            batches.push_back(build_batch(examples, members, batch_tokens, multiple));
            members.clear();
            max_src = src_len(i);
            max_tgt = tgt_len(i);
        } else {
            max_src = next_src;
            max_tgt = next_tgt;
        }
        members.push_back(i);
    }
    if (!members.empty()) batches.push_back(build_batch(examples, members, batch_tokens, multiple));
    if (shuffle) shuffle_in_place(batches, rng);
    return batches;
}

}  // namespace tfw
