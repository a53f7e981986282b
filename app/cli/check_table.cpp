#include "app/cli/check_table.h"

#include <algorithm>
#include <sstream>

namespace tfw::cli {

namespace {

constexpr size_t kWidth = 100;
const std::string kIndent(8, ' ');

std::string tag(CheckStatus status) {
    std::string name = check_status_name(status);
    std::transform(name.begin(), name.end(), name.begin(), ::toupper);
    return name + std::string(kIndent.size() - name.size(), ' ');
}

// Words of `text` on lines of at most kWidth columns, each starting with kIndent.
std::string wrapped(const std::string& text) {
    std::istringstream words(text);
    std::string out, line;
    for (std::string word; words >> word;) {
        if (!line.empty() && kIndent.size() + line.size() + 1 + word.size() > kWidth) {
            out += kIndent + line + "\n";
            line.clear();
        }
        line += (line.empty() ? "" : " ") + word;
    }
    if (!line.empty()) out += kIndent + line + "\n";
    return out;
}

}  // namespace

std::string checks_table(const ChecksReport& report) {
    size_t title_width = 0;
    for (const CheckResult& r : report.results) title_width = std::max(title_width, r.title.size());
    std::string out;
    int passed = 0, warned = 0, failed = 0, skipped = 0;
    for (const CheckResult& r : report.results) {
        out += tag(r.status) + r.title + std::string(title_width + 2 - r.title.size(), ' ') +
               r.figure.text() + "\n" + wrapped(r.explanation.text()) + "\n";
        ++(r.status == CheckStatus::Pass   ? passed
           : r.status == CheckStatus::Warn ? warned
           : r.status == CheckStatus::Fail ? failed
                                           : skipped);
    }
    out += std::to_string(passed) + " passed, " + std::to_string(warned) + " warned, " +
           std::to_string(failed) + " failed, " + std::to_string(skipped) + " skipped\n";
    return out;
}

std::string checks_summary(const ChecksReport& report) {
    std::string out;
    for (const CheckResult& r : report.results) {
        out += "  " + tag(r.status) + r.title + ": " + r.figure.text() + "\n";
    }
    return out;
}

}  // namespace tfw::cli
