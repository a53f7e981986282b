#pragma once
// Where two outputs agree and differ, token by token: a longest-common-subsequence alignment,
// as a diff tool shows it, plus the first position at which they part.

#include <cstddef>
#include <string>
#include <vector>

namespace tfw {

struct TokenDiff {
    std::vector<bool> a_shared;  // a[i] is part of the common subsequence
    std::vector<bool> b_shared;
    // First index at which a and b hold different tokens (or one ends); npos when equal.
    size_t first_divergence = npos;
    static constexpr size_t npos = static_cast<size_t>(-1);
};

TokenDiff diff_tokens(const std::vector<std::string>& a, const std::vector<std::string>& b);

}  // namespace tfw
