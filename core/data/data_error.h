#pragma once
#include <cstdint>
#include <stdexcept>
#include <string>

namespace tfw {

// Unusable input data. what() reads "FILE:LINE: problem" (LINE omitted when 0).
class DataError : public std::runtime_error {
  public:
    DataError(std::string file, int64_t line, const std::string& problem)
        : std::runtime_error(file + (line > 0 ? ":" + std::to_string(line) : std::string()) + ": " +
                             problem),
          file_(std::move(file)),
          line_(line) {}
    const std::string& file() const { return file_; }
    int64_t line() const { return line_; }

  private:
    std::string file_;
    int64_t line_;
};

}  // namespace tfw
