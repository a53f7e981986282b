#pragma once
// The table of decoding settings: one entry per DecodeSettings field with its kind, range,
// form group and explanation. The command-line options of every decoding command, the
// window's decoding form, the range checks, the experiment's `decode` section and what a
// saved evaluation records are all generated from it.

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/config/config_schema.h"
#include "core/config/decode_settings.h"
#include "core/config/phrase.h"

namespace tfw {

// Where the form shows a field: the method chooser itself, the box of one method, or the
// box of limits that apply to every method.
enum class DecodeGroup { Method, Beam, Sampling, Length };

struct DecodeField {
    std::string key;  // "top_p": JSON key, experiment key decode.top_p, option --top-p
    FieldKind kind;   // Int, Double, Bool or Choice
    DecodeGroup group;
    std::string label;                 // the form's label, "Top-p"
    std::string help;                  // one or two sentences
    std::vector<std::string> choices;  // FieldKind::Choice
    std::optional<double> min, max;    // range where one applies
    bool min_open = false;             // min itself is not allowed: top_p in (0, 1]
    std::function<nlohmann::json(const DecodeSettings&)> get;
    std::function<void(DecodeSettings&, const nlohmann::json&)> set;  // throws ConfigError
};

// Every field, in form order.
const std::vector<DecodeField>& decode_fields();

// "top_p" -> "top-p".
std::string option_name(const DecodeField& field);

nlohmann::ordered_json to_json(const DecodeSettings& settings);

struct DecodeProblem {
    std::string key;  // the field it is about, "top_p"
    Phrase message;   // "top_p must be in (0, 1] (got 1.5)"
};
// Ranges from the table and the rules between fields (nbest <= beam); empty when usable. The
// messages name the fields with `key_prefix` in front ("decode." in an experiment's config).
std::vector<DecodeProblem> check_decode_settings(const DecodeSettings& settings,
                                                 const std::string& key_prefix = "");

}  // namespace tfw
