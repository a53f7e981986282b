#include "core/config/decode_fields.h"

#include <cmath>
#include <sstream>

#include "core/config/config_error.h"
#include "core/config/translatable.h"

namespace tfw {
namespace {

using json = nlohmann::json;
using S = DecodeSettings;

[[noreturn]] void bad_value(const std::string& key, const json& value, const std::string& want) {
    throw ConfigError(key + " (" + value.dump() + ") must be " + want);
}

DecodeField field(std::string key, FieldKind kind, DecodeGroup group, std::string label,
                  std::optional<double> min, std::optional<double> max, std::string help) {
    return {std::move(key), kind,    group,  std::move(label), std::move(help), {}, min, max,
            false,          nullptr, nullptr};
}

// An integer member (int or the 64-bit seed).
template <typename I>
DecodeField integer(std::string key, I S::*member, DecodeGroup group, std::string label,
                    std::optional<double> min, std::optional<double> max, std::string help) {
    DecodeField f = field(key, FieldKind::Int, group, std::move(label), min, max, std::move(help));
    f.get = [=](const S& s) { return json(s.*member); };
    f.set = [=](S& s, const json& v) {
        if (v.is_number_integer())
            s.*member = v.get<I>();
        else if (v.is_number_float() && std::floor(v.get<double>()) == v.get<double>() &&
                 std::fabs(v.get<double>()) < 0x1p63)  // read as that integer would be (-1.0 as -1)
            s.*member = json(static_cast<int64_t>(v.get<double>())).get<I>();
        else
            bad_value(key, v, "an integer");
    };
    return f;
}

DecodeField real(std::string key, double S::*member, DecodeGroup group, std::string label,
                 std::optional<double> min, std::optional<double> max, std::string help) {
    DecodeField f =
        field(key, FieldKind::Double, group, std::move(label), min, max, std::move(help));
    f.get = [=](const S& s) { return json(s.*member); };
    f.set = [=](S& s, const json& v) {
        if (!v.is_number()) bad_value(key, v, "a number");
        s.*member = v.get<double>();
    };
    return f;
}

DecodeField boolean(std::string key, bool S::*member, DecodeGroup group, std::string label,
                    std::string help) {
    DecodeField f = field(key, FieldKind::Bool, group, std::move(label), {}, {}, std::move(help));
    f.get = [=](const S& s) { return json(s.*member); };
    f.set = [=](S& s, const json& v) {
        if (!v.is_boolean()) bad_value(key, v, "true or false");
        s.*member = v.get<bool>();
    };
    return f;
}

// An enum spelled as one of `names` (in enum order).
template <typename E>
DecodeField choice(std::string key, E S::*member, DecodeGroup group, std::string label,
                   std::vector<std::string> names, std::string help) {
    DecodeField f = field(key, FieldKind::Choice, group, std::move(label), {}, {}, std::move(help));
    f.choices = names;
    f.get = [=](const S& s) { return json(names.at(static_cast<size_t>(s.*member))); };
    f.set = [=](S& s, const json& v) {
        std::string all;
        for (size_t i = 0; i < names.size(); ++i) {
            if (v.is_string() && v.get<std::string>() == names[i]) {
                s.*member = static_cast<E>(i);
                return;
            }
            all += (i ? " | " : "") + names[i];
        }
        bad_value(key, v, "one of " + all);
    };
    return f;
}

DecodeField open_below(DecodeField f) {
    f.min_open = true;
    return f;
}

std::vector<DecodeField> build_fields() {
    using G = DecodeGroup;
    return {
        boolean("sample", &S::sample, G::Method, TFW_TR_NOOP("ConfigField", "Sample"),
                TFW_TR_NOOP(
                    "ConfigField",
                    "Draw each token at random from the model's distribution instead of searching "
                    "for the best scoring output.")),
        choice("precision", &S::precision, G::Method, TFW_TR_NOOP("ConfigField", "Precision"),
               {"fp32", "bf16", "int8"},
               TFW_TR_NOOP(
                   "ConfigField",
                   "fp32 decodes exactly. bf16 computes in bfloat16, which CPUs with AVX-512 BF16 "
                   "or AMX and GPUs multiply in hardware: 1.3 to 1.9 times as fast on such "
                   "a CPU, slower on other CPUs. int8 multiplies with 8-bit weights in every "
                   "linear layer, on x86-64 CPUs with AVX2: 1.9 to 3.2 times as fast with "
                   "AVX-512 VNNI; with AVX-VNNI (Intel Core 12th generation on), about 3 times "
                   "one input at a time and 1.4 to 1.7 times in batches; with AVX2 alone and no "
                   "FBGEMM (Debian's LibTorch), 2 to 6 times one input at a time and about as "
                   "fast as fp32 in batches. Outputs of "
                   "both may differ slightly (Multi30k test BLEU moved by up to 0.32).")),
        integer(
            "beam", &S::beam, G::Beam, TFW_TR_NOOP("ConfigField", "Beam size"), 1, 256,
            TFW_TR_NOOP("ConfigField",
                        "Hypotheses kept per input at every step (1 = greedy). Wider beams find "
                        "outputs the model scores higher, at a cost in time.")),
        integer("nbest", &S::nbest, G::Beam, TFW_TR_NOOP("ConfigField", "n-best"), 1, 256,
                TFW_TR_NOOP("ConfigField",
                            "Hypotheses returned per input, best first (at most the beam size).")),
        real("patience", &S::patience, G::Beam, TFW_TR_NOOP("ConfigField", "Patience"), 0, 100,
             TFW_TR_NOOP("ConfigField",
                         "0 searches until no open hypothesis can still beat the worst of the "
                         "n best finished ones (the best scores). p > 0 stops an input once "
                         "beam × p hypotheses have ended, as CTranslate2's patience (1 = its "
                         "default): faster, and sometimes a lower-scoring output.")),
        choice(
            "lenpen_form", &S::lenpen_form, G::Beam, TFW_TR_NOOP("ConfigField", "Length penalty"),
            {"fairseq", "gnmt"},
            TFW_TR_NOOP("ConfigField",
                        "The length penalty a score is divided by: fairseq's len^alpha or GNMT's "
                        "((5 + len) / 6)^alpha.")),
        real("lenpen", &S::lenpen, G::Beam, TFW_TR_NOOP("ConfigField", "α"), 0, 10,
             TFW_TR_NOOP(
                 "ConfigField",
                 "Length penalty alpha: hypotheses are ranked by score / penalty(length). 0 ranks "
                 "by raw score, which favours short outputs; larger values favour longer ones.")),
        open_below(
            real("temperature", &S::temperature, G::Sampling,
                 TFW_TR_NOOP("ConfigField", "Temperature"), 0, 100,
                 TFW_TR_NOOP("ConfigField",
                             "Divides the log-probabilities before sampling: below 1 sharpens the "
                             "distribution (closer to greedy), above 1 flattens it."))),
        integer("top_k", &S::top_k, G::Sampling, TFW_TR_NOOP("ConfigField", "Top-k"), 0, {},
                TFW_TR_NOOP("ConfigField",
                            "Sample only from the k most likely tokens (0 = all tokens).")),
        open_below(
            real("top_p", &S::top_p, G::Sampling, TFW_TR_NOOP("ConfigField", "Top-p"), 0, 1,
                 TFW_TR_NOOP("ConfigField",
                             "Nucleus sampling: only from the smallest set of most likely tokens "
                             "whose probabilities add up to p (1 = all tokens)."))),
        integer("seed", &S::seed, G::Sampling, TFW_TR_NOOP("ConfigField", "Seed"), 0, 2147483647,
                TFW_TR_NOOP("ConfigField",
                            "Seed of the random draws: the same seed gives the same samples.")),
        integer("samples", &S::samples, G::Sampling, TFW_TR_NOOP("ConfigField", "Samples"), 1, 256,
                TFW_TR_NOOP("ConfigField", "Samples drawn per input, returned best score first.")),
        real("max_len_a", &S::max_len_a, G::Length, TFW_TR_NOOP("ConfigField", "Max length a"), 0,
             100,
             TFW_TR_NOOP(
                 "ConfigField",
                 "Outputs have at most a * input length + b tokens (the input's EOS counts); this "
                 "is a.")),
        integer(
            "max_len_b", &S::max_len_b, G::Length, TFW_TR_NOOP("ConfigField", "Max length b"), 0,
            100000,
            TFW_TR_NOOP("ConfigField",
                        "The b of the maximum output length a * input length + b (for a language "
                        "model: the new tokens).")),
        integer(
            "min_len", &S::min_len, G::Length, TFW_TR_NOOP("ConfigField", "Min length"), 0, {},
            TFW_TR_NOOP("ConfigField",
                        "The end-of-sentence token is forbidden before this many output tokens.")),
        integer("no_repeat_ngram", &S::no_repeat_ngram, G::Length,
                TFW_TR_NOOP("ConfigField", "No-repeat n-gram"), 0, {},
                TFW_TR_NOOP(
                    "ConfigField",
                    "No n-gram of this many tokens appears twice in an output (0 = off); 3 stops "
                    "most loops in summaries.")),
    };
}

std::string shown(double value) {
    std::ostringstream out;
    out << value;
    return out.str();
}

// "top_p must be in (0, 1] (got 1.5)", or empty when `value` is in the field's range.
Phrase range_problem(const DecodeField& f, double value, const std::string& key) {
    const bool low = f.min && (f.min_open ? value <= *f.min : value < *f.min);
    const bool high = f.max && value > *f.max;
    if (!low && !high) return {};
    if (f.min_open && f.max)
        return config_problem(TFW_TR_NOOP("ConfigProblem", "%1 must be in (%2, %3] (got %4)"),
                              {key, shown(*f.min), shown(*f.max), shown(value)});
    if (f.min_open)
        return config_problem(TFW_TR_NOOP("ConfigProblem", "%1 must be > %2 (got %3)"),
                              {key, shown(*f.min), shown(value)});
    if (low)
        return config_problem(TFW_TR_NOOP("ConfigProblem", "%1 must be >= %2 (got %3)"),
                              {key, shown(*f.min), shown(value)});
    return config_problem(TFW_TR_NOOP("ConfigProblem", "%1 must be <= %2 (got %3)"),
                          {key, shown(*f.max), shown(value)});
}

}  // namespace

const std::vector<DecodeField>& decode_fields() {
    static const std::vector<DecodeField> fields = build_fields();
    return fields;
}

std::string option_name(const DecodeField& field) {
    std::string name = field.key;
    for (char& c : name)
        if (c == '_') c = '-';
    return name;
}

nlohmann::ordered_json to_json(const DecodeSettings& settings) {
    nlohmann::ordered_json out = nlohmann::ordered_json::object();
    for (const DecodeField& field : decode_fields()) out[field.key] = field.get(settings);
    return out;
}

std::vector<DecodeProblem> check_decode_settings(const DecodeSettings& s,
                                                 const std::string& key_prefix) {
    std::vector<DecodeProblem> problems;
    for (const DecodeField& field : decode_fields()) {
        if (field.kind != FieldKind::Int && field.kind != FieldKind::Double) continue;
        Phrase problem = range_problem(field, field.get(s).get<double>(), key_prefix + field.key);
        if (!problem.empty()) problems.push_back({field.key, std::move(problem)});
    }
    // Sampling returns `samples` outputs whatever the beam.
    if (s.beam >= 1 && s.nbest > s.beam && !s.sample)
        problems.push_back(
            {"nbest", config_problem(TFW_TR_NOOP("ConfigProblem", "%1 must be <= %2 (got %3)"),
                                     {key_prefix + "nbest", key_prefix + "beam", shown(s.nbest)})});
    if (s.max_len_a == 0 && s.max_len_b == 0)
        problems.push_back(
            {"max_len_b",
             config_problem(
                 TFW_TR_NOOP("ConfigProblem", "%1 and %2 are both 0: nothing could be generated"),
                 {key_prefix + "max_len_a", key_prefix + "max_len_b"})});
    return problems;
}

}  // namespace tfw
