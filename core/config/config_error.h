#pragma once
#include <stdexcept>
#include <string>

namespace tfw {

// A configuration value or file that cannot be used; the message names key and value.
class ConfigError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

}  // namespace tfw
