#include "app/cli/args.h"

#include <iostream>
#include <sstream>

namespace tfw::cli {

Args::Args(std::string command, std::string summary)
    : command_(std::move(command)), summary_(std::move(summary)) {}

Args& Args::flag(const std::string& name, const std::string& help) {
    specs_.push_back({name, "", help, true, false, std::nullopt});
    return *this;
}

Args& Args::option(const std::string& name, const std::string& metavar, const std::string& help,
                   std::optional<std::string> fallback) {
    specs_.push_back({name, metavar, help, false, false, std::move(fallback)});
    return *this;
}

Args& Args::repeated(const std::string& name, const std::string& metavar, const std::string& help) {
    specs_.push_back({name, metavar, help, false, true, std::nullopt});
    return *this;
}

Args& Args::positional(const std::string& metavar, const std::string& help, bool required) {
    positional_specs_.emplace_back(metavar, help);
    if (required) ++required_positionals_;
    return *this;
}

Args& Args::positionals_rest(const std::string& metavar, const std::string& help, bool required) {
    positional(metavar, help, required);
    rest_ = true;
    return *this;
}

const Args::Spec* Args::find(const std::string& name) const {
    for (const auto& spec : specs_)
        if (spec.name == name) return &spec;
    return nullptr;
}

bool Args::parse(const std::vector<std::string>& args) {
    for (size_t i = 0; i < args.size(); ++i) {
        std::string arg = args[i];
        if (arg == "--help" || arg == "-h") {
            std::cout << usage();
            return false;
        }
        if (arg.rfind("--", 0) != 0 || arg.size() == 2) {
            positional_values_.push_back(arg);
            continue;
        }
        std::string name = arg.substr(2), value;
        bool inline_value = false;
        if (const auto eq = name.find('='); eq != std::string::npos) {
            value = name.substr(eq + 1);
            name = name.substr(0, eq);
            inline_value = true;
        }
        const Spec* spec = find(name);
        if (!spec)
            throw UsageError("unknown option --" + name + " (see tfw " + command_ + " --help)");
        if (spec->is_flag) {
            if (inline_value) throw UsageError("--" + name + " takes no value");
            values_[name].push_back("1");
            continue;
        }
        if (!inline_value) {
            if (i + 1 >= args.size())
                throw UsageError("--" + name + " needs a value " + spec->metavar);
            value = args[++i];
            // `--set --run-dir X`: the next option is no value of this one.
            if (value.rfind("--", 0) == 0 && find(value.substr(2, value.find('=') - 2)))
                throw UsageError("--" + name + " needs a value " + spec->metavar + ", got '" +
                                 value + "'");
        }
        if (!spec->is_repeated) values_[name].clear();
        values_[name].push_back(value);
    }
    if (positional_values_.size() < required_positionals_)
        throw UsageError("missing " + positional_specs_[positional_values_.size()].first +
                         " (see tfw " + command_ + " --help)");
    if (!rest_ && positional_values_.size() > positional_specs_.size())
        throw UsageError("unexpected argument '" + positional_values_[positional_specs_.size()] +
                         "'");
    return true;
}

bool Args::has(const std::string& name) const {
    return values_.count(name) > 0;
}

std::string Args::get(const std::string& name) const {
    if (const auto it = values_.find(name); it != values_.end()) return it->second.back();
    const Spec* spec = find(name);
    if (spec && spec->fallback) return *spec->fallback;
    throw UsageError("--" + name + " is required (see tfw " + command_ + " --help)");
}

std::vector<std::string> Args::all(const std::string& name) const {
    const auto it = values_.find(name);
    return it == values_.end() ? std::vector<std::string>{} : it->second;
}

long long Args::get_int(const std::string& name) const {
    const std::string text = get(name);
    try {
        size_t used = 0;
        const long long value = std::stoll(text, &used);
        if (used == text.size()) return value;
    } catch (const std::exception&) {
    }
    throw UsageError("--" + name + " expects an integer, got '" + text + "'");
}

double Args::get_double(const std::string& name) const {
    const std::string text = get(name);
    try {
        size_t used = 0;
        const double value = std::stod(text, &used);
        if (used == text.size()) return value;
    } catch (const std::exception&) {
    }
    throw UsageError("--" + name + " expects a number, got '" + text + "'");
}

std::string Args::usage() const {
    std::ostringstream out;
    out << "usage: tfw " << command_;
    for (const auto& [metavar, help] : positional_specs_) out << " " << metavar;
    if (rest_) out << " ...";
    if (!specs_.empty()) out << " [options]";
    out << "\n\n" << summary_ << "\n";
    if (!positional_specs_.empty()) {
        out << "\narguments:\n";
        for (const auto& [metavar, help] : positional_specs_)
            out << "  " << metavar
                << std::string(metavar.size() < 26 ? 26 - metavar.size() : 1, ' ') << help << "\n";
    }
    if (!specs_.empty()) {
        out << "\noptions:\n";
        for (const auto& spec : specs_) {
            std::string head = "--" + spec.name + (spec.metavar.empty() ? "" : " " + spec.metavar);
            out << "  " << head << std::string(head.size() < 26 ? 26 - head.size() : 1, ' ')
                << spec.help;
            if (spec.fallback && !spec.fallback->empty())
                out << " (default: " << *spec.fallback << ")";
            if (spec.is_repeated) out << " (repeatable)";
            out << "\n";
        }
    }
    return out.str();
}

}  // namespace tfw::cli
