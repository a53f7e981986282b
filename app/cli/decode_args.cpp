#include "app/cli/decode_args.h"

namespace tfw::cli {

void add_decode_options(Args& args) {
    args.option("beam", "N", "beam size (1 = greedy)")
        .option("lenpen", "A", "length penalty alpha")
        .option("lenpen-form", "fairseq|gnmt", "score/len^A or score/((5+len)/6)^A")
        .option("nbest", "N", "hypotheses to print per input")
        .option("max-len-a", "A", "maximum output length = A * input length + B")
        .option("max-len-b", "B", "(lm: new tokens to generate)")
        .option("min-len", "N", "forbid ending before N tokens")
        .option("no-repeat-ngram", "N", "forbid repeating any N-gram")
        .flag("sample", "sample instead of searching")
        .option("temperature", "T", "sampling temperature")
        .option("top-k", "K", "sample among the K most likely tokens")
        .option("top-p", "P", "sample among the most likely tokens holding P of the probability")
        .option("seed", "S", "sampling seed")
        .option("samples", "N", "samples per input")
        .option("batch-size", "N", "inputs decoded together")
        .option("device", "auto|cpu|cuda", "where to decode", "cpu");
}

DecodeOptions decode_options_from_args(const Args& args, const DecodeConfig& defaults) {
    DecodeOptions o = decode_options_from(defaults);
    auto integer = [&](const char* name, int& field) {
        if (args.has(name)) field = static_cast<int>(args.get_int(name));
    };
    auto real = [&](const char* name, double& field) {
        if (args.has(name)) field = args.get_double(name);
    };
    integer("beam", o.beam);
    real("lenpen", o.lenpen);
    if (args.has("lenpen-form")) {
        const std::string form = args.get("lenpen-form");
        if (form != "fairseq" && form != "gnmt")
            throw UsageError("--lenpen-form must be fairseq or gnmt, got '" + form + "'");
        o.lenpen_form = form == "gnmt" ? LengthPenaltyForm::Gnmt : LengthPenaltyForm::Fairseq;
    }
    integer("nbest", o.nbest);
    real("max-len-a", o.max_len_a);
    integer("max-len-b", o.max_len_b);
    integer("min-len", o.min_len);
    integer("no-repeat-ngram", o.no_repeat_ngram);
    o.sample = args.has("sample");
    real("temperature", o.temperature);
    integer("top-k", o.top_k);
    real("top-p", o.top_p);
    if (args.has("seed")) o.seed = static_cast<uint64_t>(args.get_int("seed"));
    integer("samples", o.samples);
    integer("batch-size", o.batch_size);
    require_valid(o);
    return o;
}

}  // namespace tfw::cli
