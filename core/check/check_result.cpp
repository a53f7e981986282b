#include "core/check/check_result.h"

#include <utility>

namespace tfw {

Phrase check_text(const char* pattern, std::vector<std::string> args) {
    return Phrase("Check", pattern, std::move(args));
}

CheckDetail::CheckDetail(const char* name_, std::string value_)
    : name(check_text(name_)), value(verbatim(std::move(value_))) {}

CheckDetail::CheckDetail(Phrase name_, Phrase value_)
    : name(std::move(name_)), value(std::move(value_)) {}

bool ChecksReport::all_passed() const {
    for (const CheckResult& r : results)
        if (r.status == CheckStatus::Fail) return false;
    return true;
}

std::string check_status_name(CheckStatus status) {
    switch (status) {
        case CheckStatus::Pass:
            return "pass";
        case CheckStatus::Warn:
            return "warn";
        case CheckStatus::Fail:
            return "fail";
        case CheckStatus::Skipped:
            return "skipped";
    }
    return "skipped";
}

}  // namespace tfw
