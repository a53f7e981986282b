#include "core/decode/decode_options.h"

#include "core/config/config_error.h"
#include "core/config/decode_fields.h"
#include "core/config/translatable.h"
#include "core/model/int8_linear.h"

namespace tfw {

DecodeOptions decode_options_from(const DecodeSettings& settings) {
    DecodeOptions options;
    static_cast<DecodeSettings&>(options) = settings;
    return options;
}

std::vector<DecodeProblem> decode_field_problems(const DecodeSettings& settings) {
    std::vector<DecodeProblem> problems = check_decode_settings(settings);
    // Said before decoding starts, so that the form marks the field and tfw stops at once.
    if (settings.precision == DecodePrecision::Int8 && !int8_supported())
        problems.push_back(
            {"precision", config_problem(TFW_TR_NOOP("ConfigProblem",
                                                     "int8 decoding needs an x86-64 CPU with AVX2 "
                                                     "or a LibTorch with FBGEMM (PyTorch's "
                                                     "LibTorch 2.x), and this machine and build "
                                                     "have neither: use fp32 or bf16"))});
    return problems;
}

std::vector<Phrase> check_decode_options(const DecodeOptions& options) {
    std::vector<Phrase> problems;
    for (DecodeProblem& problem : decode_field_problems(options))
        problems.push_back(std::move(problem.message));
    if (options.batch_size < 1)
        problems.push_back(config_problem(TFW_TR_NOOP("ConfigProblem", "%1 must be >= %2 (got %3)"),
                                          {"batch_size", "1", std::to_string(options.batch_size)}));
    return problems;
}

void require_valid(const DecodeOptions& options) {
    const auto problems = check_decode_options(options);
    if (problems.empty()) return;
    std::string message = "invalid decoding options:";
    for (const auto& p : problems) message += "\n  " + p.text();
    throw ConfigError(message);
}

}  // namespace tfw
