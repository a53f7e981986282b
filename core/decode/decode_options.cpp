#include "core/decode/decode_options.h"

#include "core/config/config_error.h"
#include "core/config/decode_fields.h"

namespace tfw {

DecodeOptions decode_options_from(const DecodeSettings& settings) {
    DecodeOptions options;
    static_cast<DecodeSettings&>(options) = settings;
    return options;
}

std::vector<std::string> check_decode_options(const DecodeOptions& options) {
    std::vector<std::string> problems;
    for (const DecodeProblem& problem : check_decode_settings(options))
        problems.push_back(problem.message);
    if (options.batch_size < 1)
        problems.push_back("batch_size must be >= 1 (got " + std::to_string(options.batch_size) +
                           ")");
    return problems;
}

void require_valid(const DecodeOptions& options) {
    const auto problems = check_decode_options(options);
    if (problems.empty()) return;
    std::string message = "invalid decoding options:";
    for (const auto& p : problems) message += "\n  " + p;
    throw ConfigError(message);
}

}  // namespace tfw
