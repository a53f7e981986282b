#include "core/decode/decode_options.h"

#include <sstream>

#include "core/config/config_error.h"

namespace tfw {

DecodeOptions decode_options_from(const DecodeConfig& c) {
    DecodeOptions o;
    o.beam = c.beam;
    o.lenpen = c.lenpen;
    o.lenpen_form = c.lenpen_form;
    o.max_len_a = c.max_len_a;
    o.max_len_b = c.max_len_b;
    return o;
}

std::vector<std::string> check_decode_options(const DecodeOptions& o) {
    std::vector<std::string> problems;
    auto got = [](double value) {
        std::ostringstream out;
        out << " (got " << value << ")";
        return out.str();
    };
    if (o.beam < 1) problems.push_back("beam must be >= 1" + got(o.beam));
    if (o.nbest < 1) problems.push_back("nbest must be >= 1" + got(o.nbest));
    if (o.beam >= 1 && o.nbest > o.beam && !o.sample)
        problems.push_back("nbest must be <= beam" + got(o.nbest));
    if (o.lenpen < 0) problems.push_back("lenpen must be >= 0" + got(o.lenpen));
    if (o.max_len_a < 0) problems.push_back("max_len_a must be >= 0" + got(o.max_len_a));
    if (o.max_len_b < 0) problems.push_back("max_len_b must be >= 0" + got(o.max_len_b));
    if (o.max_len_a == 0 && o.max_len_b == 0)
        problems.push_back("max_len_a and max_len_b are both 0: nothing could be generated");
    if (o.min_len < 0) problems.push_back("min_len must be >= 0" + got(o.min_len));
    if (o.no_repeat_ngram < 0)
        problems.push_back("no_repeat_ngram must be >= 0" + got(o.no_repeat_ngram));
    if (o.temperature <= 0) problems.push_back("temperature must be > 0" + got(o.temperature));
    if (o.top_k < 0) problems.push_back("top_k must be >= 0" + got(o.top_k));
    if (!(o.top_p > 0 && o.top_p <= 1))
        problems.push_back("top_p must be in (0, 1]" + got(o.top_p));
    if (o.samples < 1) problems.push_back("samples must be >= 1" + got(o.samples));
    if (o.batch_size < 1) problems.push_back("batch_size must be >= 1" + got(o.batch_size));
    return problems;
}

void require_valid(const DecodeOptions& options) {
    const auto problems = check_decode_options(options);
    if (problems.empty()) return;
    std::string message = "invalid decoding options:";
    for (const auto& p : problems) message += "\n  " + p;
    throw ConfigError(message);
}

}  // namespace tfw
