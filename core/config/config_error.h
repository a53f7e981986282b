#pragma once
#include <stdexcept>
#include <string>
#include <vector>

#include "core/config/phrase.h"

namespace tfw {

// A configuration value or file that cannot be used; the message names key and value.
class ConfigError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// What is wrong with an experiment, a decoding setting or a sweep, as the window shows it:
// `pattern` is marked TFW_TR_NOOP("ConfigProblem", ...) where it is written.
Phrase config_problem(const char* pattern, std::vector<std::string> args = {});

}  // namespace tfw
