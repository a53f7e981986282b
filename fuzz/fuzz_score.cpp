// Fuzzes `tfw score`'s inputs: the hypothesis and reference files (read_score_inputs, as the
// command reads them) and every metric the command computes on them: BLEU (13a, intl, none;
// cased and lowercased), chrF, chrF++ and ROUGE (with and without stemming). The input is the
// hypothesis file, then one or more reference files, separated by "\n--8<--\n". Refusing the
// files with DataError/std::runtime_error is fine; a crash, sanitizer report, hang or a score
// outside its range is a finding. Seeds: fuzz/seeds/score/.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

#include "app/cli/score_inputs.h"
#include "core/metrics/bleu.h"
#include "core/metrics/chrf.h"
#include "core/metrics/rouge.h"
#include "fuzz/fuzz_support.h"

namespace {

void check_range(double value, double high) {
    if (!std::isfinite(value) || value < 0 || value > high + 1e-9) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    auto [hyp, rest] = tfw::fuzz::split_input(data, size);
    const std::string hyp_path = tfw::fuzz::write_scratch_file("hyp.txt", hyp);
    std::vector<std::string> ref_paths;
    for (int i = 0; i < 3; ++i) {
        const auto [ref, more] =
            tfw::fuzz::split_input(reinterpret_cast<const uint8_t*>(rest.data()), rest.size());
        ref_paths.push_back(tfw::fuzz::write_scratch_file("ref" + std::to_string(i) + ".txt", ref));
        if (more.empty()) break;
        rest = more;
    }
    tfw::cli::ScoreInputs inputs;
    try {
        inputs = tfw::cli::read_score_inputs(hyp_path, ref_paths);
    } catch (const std::runtime_error&) {  // DataError included
        return 0;
    }
    for (const auto tokenizer :
         {tfw::BleuTokenizer::k13a, tfw::BleuTokenizer::kIntl, tfw::BleuTokenizer::kNone}) {
        for (const bool lowercase : {false, true}) {
            tfw::BleuOptions options;
            options.tokenizer = tokenizer;
            options.lowercase = lowercase;
            check_range(tfw::corpus_bleu(inputs.hypotheses, inputs.references, options).score, 100);
        }
    }
    for (tfw::ChrfOptions options : {tfw::ChrfOptions{}, tfw::chrf_plus_plus_options()}) {
        check_range(tfw::corpus_chrf(inputs.hypotheses, inputs.references, options).score, 100);
        options.lowercase = true;
        check_range(tfw::corpus_chrf(inputs.hypotheses, inputs.references, options).score, 100);
    }
    for (const bool stem : {false, true}) {
        tfw::RougeOptions options;
        options.use_stemmer = stem;
        const tfw::RougeScores mean = tfw::rouge_mean(
            tfw::rouge_score_lines(inputs.references[0], inputs.hypotheses, options));
        for (const tfw::RougeValue* value :
             {&mean.rouge1, &mean.rouge2, &mean.rougeL, &mean.rougeLsum}) {
            check_range(value->precision, 1);
            check_range(value->recall, 1);
            check_range(value->fmeasure, 1);
        }
    }
    return 0;
}
