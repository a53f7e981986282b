#include "core/check/sanity_checks.h"

namespace tfw {

nlohmann::json checks_json(const ChecksReport& report) {
    nlohmann::json checks = nlohmann::json::array();
    for (const CheckResult& r : report.results) {
        nlohmann::json details = nlohmann::json::array();
        for (const CheckDetail& d : r.details) details.push_back({d.name.text(), d.value.text()});
        checks.push_back({{"id", r.id},
                          {"title", r.title},
                          {"status", check_status_name(r.status)},
                          {"figure", r.figure.text()},
                          {"explanation", r.explanation.text()},
                          {"details", details}});
    }
    return {{"all_passed", report.all_passed()}, {"checks", checks}};
}

}  // namespace tfw
