#include "core/check/check_result.h"

namespace tfw {

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
