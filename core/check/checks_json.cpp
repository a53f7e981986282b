#include "core/check/sanity_checks.h"

#include <utility>

#include "core/io/phrase_json.h"

namespace tfw {

nlohmann::json checks_json(const ChecksReport& report) {
    nlohmann::json checks = nlohmann::json::array();
    for (const CheckResult& r : report.results) {
        nlohmann::json details = nlohmann::json::array();
        for (const CheckDetail& d : r.details) details.push_back({d.name.text(), d.value.text()});
        nlohmann::json check{{"id", r.id},
                             {"title", r.title},
                             {"status", check_status_name(r.status)},
                             {"explanation", r.explanation.text()},
                             {"details", details}};
        // "figure_phrase" beside it: a report in another language translates the figure.
        put_phrase(check, "figure", r.figure);
        checks.push_back(std::move(check));
    }
    return {{"all_passed", report.all_passed()}, {"checks", checks}};
}

}  // namespace tfw
