#include "core/decode/token_diff.h"

#include <algorithm>

namespace tfw {

TokenDiff diff_tokens(const std::vector<std::string>& a, const std::vector<std::string>& b) {
    TokenDiff diff;
    diff.a_shared.assign(a.size(), false);
    diff.b_shared.assign(b.size(), false);
    const size_t common_prefix = static_cast<size_t>(
        std::mismatch(a.begin(), a.end(), b.begin(), b.end()).first - a.begin());
    if (common_prefix < std::max(a.size(), b.size())) diff.first_divergence = common_prefix;

    // lcs[i][j]: length of the longest common subsequence of a[i..] and b[j..].
    std::vector<std::vector<int>> lcs(a.size() + 1, std::vector<int>(b.size() + 1, 0));
    for (size_t i = a.size(); i-- > 0;)
        for (size_t j = b.size(); j-- > 0;)
            lcs[i][j] =
                a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : std::max(lcs[i + 1][j], lcs[i][j + 1]);
    for (size_t i = 0, j = 0; i < a.size() && j < b.size();) {
        if (a[i] == b[j]) {
            diff.a_shared[i++] = true;
            diff.b_shared[j++] = true;
        } else if (lcs[i + 1][j] >= lcs[i][j + 1]) {
            ++i;
        } else {
            ++j;
        }
    }
    return diff;
}

}  // namespace tfw
