#include "core/data/batch_padding.h"

namespace tfw {

double padding_share(const std::vector<Batch>& batches) {
    int64_t positions = 0, tokens = 0;
    for (const Batch& b : batches) {
        positions += b.size * (b.src_len + b.tgt_len);
        tokens += b.src_tokens + b.tgt_tokens;
    }
    return positions > 0 ? static_cast<double>(positions - tokens) / positions : 0.0;
}

}  // namespace tfw
