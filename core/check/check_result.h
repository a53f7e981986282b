#pragma once
// The outcome of one sanity check and of a set of them. A leaf header: the trainer's observer
// carries a ChecksReport without depending on how the checks run (sanity_checks.h).

#include <string>
#include <utility>
#include <vector>

namespace tfw {

enum class CheckStatus { Pass, Warn, Fail, Skipped };

struct CheckResult {
    std::string id;                             // "causal_leak"
    std::string title;                          // "No peeking at future tokens"
    CheckStatus status = CheckStatus::Skipped;  // Skipped always comes with its reason
    std::string figure;       // the measured figure, short: "max change 0 (before position 7)"
    std::string explanation;  // what it measured; on a failure, what that usually means
    std::vector<std::pair<std::string, std::string>> details;  // per-layer norms, per-head ...
};

struct ChecksReport {
    std::vector<CheckResult> results;
    bool all_passed() const;  // no check failed (warnings and skipped ones are fine)
};

// "pass", "warn", "fail", "skipped".
std::string check_status_name(CheckStatus status);

}  // namespace tfw
