#include "core/train/attention_distance.h"

#include <algorithm>

namespace tfw {

DistanceProfile attention_by_distance(const float* weights, int rows, int columns, bool causal,
                                      int reach) {
    DistanceProfile profile;
    if (rows <= 0 || columns <= 0 || rows > columns || reach < 0) return profile;
    const int offset = columns - rows;  // the column of row 0's own token
    const int farthest = std::min(reach, columns - 1);
    profile.nearest = causal ? 0 : -farthest;
    const size_t size = static_cast<size_t>(farthest - profile.nearest + 1);
    std::vector<double> sum(size, 0.0);
    std::vector<int> count(size, 0);
    for (int r = 0; r < rows; ++r) {
        const int query = offset + r;
        for (int c = 0; c < columns; ++c) {
            const int distance = query - c;
            if (distance < profile.nearest || distance > farthest) continue;
            const size_t at = static_cast<size_t>(distance - profile.nearest);
            sum[at] += weights[static_cast<size_t>(r) * columns + c];
            ++count[at];
        }
    }
    for (size_t i = 0; i < size; ++i) profile.mean.push_back(count[i] ? sum[i] / count[i] : 0.0);
    return profile;
}

}  // namespace tfw
