#pragma once
// The outcome of one sanity check and of a set of them. A leaf header: the trainer's observer
// carries a ChecksReport without depending on how the checks run (sanity_checks.h).

#include <string>
#include <utility>
#include <vector>

#include "core/config/phrase.h"
#include "core/config/translatable.h"

namespace tfw {

enum class CheckStatus { Pass, Warn, Fail, Skipped };

// A check's words are marked TFW_TR_NOOP("Check", ...) where they are written, so the window
// shows them in its language; tfw prints the English.
Phrase check_text(const char* pattern, std::vector<std::string> args = {});

struct CheckDetail {
    Phrase name, value;
    CheckDetail(const char* name, std::string value);  // a "Check" name and a plain value
    CheckDetail(Phrase name, Phrase value);
};

struct CheckResult {
    std::string id;                             // "causal_leak"
    std::string title;                          // "No peeking at future tokens"
    CheckStatus status = CheckStatus::Skipped;  // Skipped always comes with its reason
    Phrase figure;       // the measured figure, short: "max change 0 (before position 7)"
    Phrase explanation;  // what it measured; on a failure, what that usually means
    std::vector<CheckDetail> details;  // per-layer norms, per-head ...
};

struct ChecksReport {
    std::vector<CheckResult> results;
    bool all_passed() const;  // no check failed (warnings and skipped ones are fine)
};

// "pass", "warn", "fail", "skipped".
std::string check_status_name(CheckStatus status);

}  // namespace tfw
