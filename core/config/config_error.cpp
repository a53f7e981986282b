#include "core/config/config_error.h"

#include <utility>

namespace tfw {

Phrase config_problem(const char* pattern, std::vector<std::string> args) {
    return Phrase("ConfigProblem", pattern, std::move(args));
}

}  // namespace tfw
