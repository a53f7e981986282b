#pragma once
// A small declarative argument parser: declare options, parse, read values.
// `--help` prints the generated usage; errors name the option and what it wanted.

#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace tfw::cli {

class UsageError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

class Args {
  public:
    Args(std::string command, std::string summary);

    Args& flag(const std::string& name, const std::string& help);
    Args& option(const std::string& name, const std::string& metavar, const std::string& help,
                 std::optional<std::string> fallback = std::nullopt);
    Args& repeated(const std::string& name, const std::string& metavar, const std::string& help);
    Args& positional(const std::string& metavar, const std::string& help, bool required = true);
    // The last positional may take any number of values (at least one when required).
    Args& positionals_rest(const std::string& metavar, const std::string& help,
                           bool required = true);

    // Returns false when --help was asked for (usage already printed). Throws UsageError.
    bool parse(const std::vector<std::string>& args);

    bool has(const std::string& name) const;
    std::string get(const std::string& name) const;  // value or fallback; throws if neither
    std::vector<std::string> all(const std::string& name) const;
    long long get_int(const std::string& name) const;
    double get_double(const std::string& name) const;
    const std::vector<std::string>& positionals() const { return positional_values_; }

    std::string usage() const;

  private:
    struct Spec {
        std::string name, metavar, help;
        bool is_flag = false, is_repeated = false;
        std::optional<std::string> fallback;
    };
    const Spec* find(const std::string& name) const;

    std::string command_, summary_;
    std::vector<Spec> specs_;
    std::vector<std::pair<std::string, std::string>> positional_specs_;
    size_t required_positionals_ = 0;
    bool rest_ = false;  // the last positional repeats
    std::map<std::string, std::vector<std::string>> values_;
    std::vector<std::string> positional_values_;
};

}  // namespace tfw::cli
