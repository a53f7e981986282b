#include "app/cli/decode_args.h"

#include <iostream>
#include <stdexcept>

#include "core/config/config_error.h"
#include "core/config/decode_fields.h"

namespace tfw::cli {
namespace {

std::string metavar(const DecodeField& field) {
    if (field.kind == FieldKind::Double) return "X";
    if (field.kind != FieldKind::Choice) return "N";
    std::string names;
    for (const std::string& choice : field.choices) names += (names.empty() ? "" : "|") + choice;
    return names;
}

const DecodeField& field_named(const std::string& key) {
    for (const DecodeField& field : decode_fields())
        if (field.key == key) return field;
    throw std::logic_error("no decoding field " + key);
}

void add_option(Args& args, const DecodeField& field) {
    if (field.kind == FieldKind::Bool)
        args.flag(option_name(field), field.help);
    else
        args.option(option_name(field), metavar(field), field.help);
}

// Sets the field from its option when it was given.
void read_option(const Args& args, const DecodeField& field, DecodeSettings& settings) {
    const std::string name = option_name(field);
    if (!args.has(name)) return;
    try {
        switch (field.kind) {
            case FieldKind::Int:
                field.set(settings, args.get_int(name));
                break;
            case FieldKind::Double:
                field.set(settings, args.get_double(name));
                break;
            case FieldKind::Bool:
                field.set(settings, true);
                break;
            default:
                field.set(settings, args.get(name));
        }
    } catch (const ConfigError& e) {
        throw UsageError("--" + name + ": " + e.what());
    }
}

}  // namespace

void add_decode_options(Args& args) {
    for (const DecodeField& field : decode_fields()) add_option(args, field);
    args.option("batch-size", "N", "inputs decoded together")
        .option("device", "auto|cpu|cuda", "where to decode", "cpu");
}

DecodeOptions decode_options_from_args(const Args& args, const DecodeSettings& defaults) {
    DecodeOptions o = decode_options_from(defaults);
    for (const DecodeField& field : decode_fields()) read_option(args, field, o);
    if (args.has("batch-size")) o.batch_size = static_cast<int>(args.get_int("batch-size"));
    // Options given on the command line are usage errors (exit 2); the experiment's own
    // decode section was checked when it was loaded.
    const auto problems = check_decode_options(o);
    if (!problems.empty()) {
        std::string message = "invalid decoding options:";
        for (const auto& problem : problems) message += "\n  " + problem.text();
        throw UsageError(message);
    }
    return o;
}

void add_decode_option(Args& args, const std::string& key) {
    add_option(args, field_named(key));
}

void read_decode_option(const Args& args, const std::string& key, DecodeSettings& settings) {
    read_option(args, field_named(key), settings);
}

void warn_if_unverified(const Checkpoint& checkpoint, const std::string& path) {
    if (const std::string note = unverified_header_note(checkpoint, path); !note.empty())
        std::cerr << "note: " << note << "\n";
}

}  // namespace tfw::cli
