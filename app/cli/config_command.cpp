// tfw config: list the configuration keys, print presets, validate files.
#include <iostream>
#include <sstream>

#include "app/cli/args.h"
#include "app/cli/command.h"
#include "app/cli/experiment_args.h"
#include "core/config/config_io.h"
#include "core/config/config_schema.h"

namespace tfw::cli {
namespace {

std::string allowed(const ConfigField& field) {
    if (!field.choices.empty()) {
        std::string text;
        for (const auto& c : field.choices) text += (text.empty() ? "" : " | ") + c;
        return text;
    }
    switch (field.kind) {
        case FieldKind::Bool:
            return "true | false";
        case FieldKind::Path:
            return "path";
        case FieldKind::String:
            return "text";
        case FieldKind::DoublePair:
            return "a,b";
        default:
            break;
    }
    if (field.min && field.max) {
        std::ostringstream range;
        range << *field.min << " .. " << *field.max;
        return range.str();
    }
    return field.kind == FieldKind::Int ? "integer" : "number";
}

int config(const std::vector<std::string>& argv) {
    Args args("config",
              "Lists configuration keys (default), prints a preset, or validates a file.");
    args.option("preset", "NAME", "print this preset as JSON")
        .option("validate", "FILE", "check a configuration file and list its problems")
        .repeated("set", "KEY=VALUE", "with --preset or --validate: apply overrides first")
        .flag("presets", "list the built-in presets");
    if (!args.parse(argv)) return 0;
    if (args.has("presets")) {
        for (const auto& name : preset_names()) std::cout << name << "\n";
        return 0;
    }
    if (args.has("preset") || args.has("validate")) {
        ExperimentConfig c = args.has("preset") ? preset_option(args.get("preset"))
                                                : load_config_file(args.get("validate"));
        apply_set_options(c, args.all("set"));
        if (args.has("preset")) {
            std::cout << to_json(c).dump(2) << "\n";
            return 0;
        }
        const auto issues = validate(c);
        for (const auto& issue : issues) std::cerr << issue.message.text() << "\n";
        if (issues.empty()) std::cout << args.get("validate") << ": valid\n";
        return issues.empty() ? 0 : 1;
    }
    const ExperimentConfig defaults;
    for (const auto& field : config_fields()) {
        std::cout << field.key << " = " << field.get(defaults).dump() << "   [" << allowed(field)
                  << "]\n    " << field.help << "\n";
    }
    return 0;
}

const bool registered =
    register_command({"config", "list configuration keys, print presets, validate files", config});

}  // namespace
}  // namespace tfw::cli
