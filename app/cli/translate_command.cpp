// tfw translate / tfw generate: decode text with a checkpoint, optionally with attention heads
// switched off and the attention of each best output written as JSON.
#include <fstream>
#include <iomanip>
#include <iostream>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "app/cli/command.h"
#include "app/cli/decode_args.h"
#include "core/data/data_error.h"
#include "core/data/text_reader.h"
#include "core/decode/labelled_attention.h"
#include "core/decode/translator.h"

namespace tfw::cli {
namespace {

// Lines of standard input, checked as read_text_lines checks a file's.
std::vector<std::string> read_standard_input() {
    std::vector<std::string> lines;
    for (std::string line; std::getline(std::cin, line);) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (!is_valid_utf8(line))
            throw DataError("standard input", static_cast<int64_t>(lines.size()) + 1,
                            "invalid UTF-8");
        lines.push_back(std::move(line));
    }
    return lines;
}

void print_outputs(const std::vector<TranslationOutput>& outputs, size_t nbest, bool scores) {
    if (outputs.empty()) {
        std::cout << "\n";
        return;
    }
    for (size_t k = 0; k < std::min(nbest, outputs.size()); ++k) {
        if (scores)
            std::cout << std::fixed << std::setprecision(4) << outputs[k].hypothesis.normalized
                      << "\t";
        std::cout << outputs[k].text << "\n";
    }
}

// Hypotheses printed per input: the samples when sampling, else the n-best list.
size_t hypotheses_to_print(const DecodeOptions& options) {
    return static_cast<size_t>(options.sample ? options.samples : options.nbest);
}

void add_attention_options(Args& args) {
    args.repeated("mask-head", "STACK:LAYER:HEAD",
                  "switch a head off while decoding, e.g. cross:3:2 (stack enc, dec or cross; "
                  "layer and head from 1)")
        .option("attention", "FILE",
                "write each input's best output with its attention maps (every stack, layer and "
                "head, labelled with the tokens) to FILE as JSON");
}

void apply_head_masks(Translator& translator, const Args& args) {
    std::vector<HeadSelection> heads;
    try {
        for (const std::string& text : args.all("mask-head"))
            heads.push_back(parse_head_selection(text));
        translator.set_masked_heads(heads);
    } catch (const std::invalid_argument& e) {
        throw UsageError(std::string("--mask-head: ") + e.what());
    }
}

// [{"input", "output", "pieces", "score", "finished", "masked_heads", "attention"}, ...]
void write_attention(const std::string& path, Translator& translator,
                     const std::vector<std::string>& inputs,
                     const std::vector<std::vector<TranslationOutput>>& outputs,
                     const std::vector<std::string>& masked) {
    const LoadedModel& model = translator.model();
    nlohmann::json all = nlohmann::json::array();
    for (size_t i = 0; i < inputs.size(); ++i) {
        nlohmann::json entry = {{"input", inputs[i]}, {"masked_heads", masked}};
        if (!outputs[i].empty()) {
            const TranslationOutput& best = outputs[i].front();
            entry["output"] = best.text;
            entry["pieces"] = best.pieces;
            entry["score"] = best.hypothesis.score;
            entry["finished"] = best.hypothesis.finished;
            entry["attention"] = to_json(label_attention(
                best.hypothesis, translator.encode_input(inputs[i]), *model.src_tokenizer,
                *model.tgt_tokenizer, model.checkpoint.config.is_lm()));
        }
        all.push_back(std::move(entry));
    }
    std::ofstream out(path);
    out << all.dump() << "\n";
    if (!out) throw std::runtime_error("cannot write " + path);
}

// On standard error, for each input longer than the model reads: what was left out of it.
void warn_about_cut_inputs(const std::vector<std::vector<TranslationOutput>>& outputs,
                           bool prompt) {
    for (size_t i = 0; i < outputs.size(); ++i) {
        if (outputs[i].empty() || outputs[i].front().input_tokens_cut == 0) continue;
        const TranslationOutput& out = outputs[i].front();
        std::cerr << "warning: " << (prompt ? "the prompt" : "line " + std::to_string(i + 1))
                  << ": " << out.input_tokens << " tokens, the model reads at most "
                  << out.input_tokens - out.input_tokens_cut << "; "
                  << (prompt ? "its beginning was cut" : "the rest was cut") << "\n";
    }
}

// Decodes the inputs as the arguments say and writes --attention if asked.
std::vector<std::vector<TranslationOutput>> decode(Translator& translator, const Args& args,
                                                   const std::vector<std::string>& inputs,
                                                   DecodeOptions options) {
    apply_head_masks(translator, args);
    options.attention = args.has("attention");
    const auto outputs = translator.translate(inputs, options);
    warn_about_cut_inputs(outputs, translator.model().checkpoint.config.is_lm());
    if (args.has("attention"))
        write_attention(args.get("attention"), translator, inputs, outputs, args.all("mask-head"));
    return outputs;
}

int translate(const std::vector<std::string>& argv) {
    Args args("translate",
              "Reads source lines on standard input (or --input) and writes one output line per "
              "input\n(with --nbest N: N lines, each 'score<TAB>text'). Also for summarization.");
    args.option("checkpoint", "FILE", "a .tfw checkpoint")
        .option("input", "FILE", "read inputs from FILE");
    add_decode_options(args);
    add_attention_options(args);
    if (!args.parse(argv)) return 0;
    Translator translator(load_model(args.get("checkpoint"), args.get("device")));
    warn_if_unverified(translator.model().checkpoint, args.get("checkpoint"));
    const ExperimentConfig& config = translator.model().checkpoint.config;
    if (config.is_lm())
        throw UsageError(args.get("checkpoint") + " is a language model; use tfw generate");
    const DecodeOptions options = decode_options_from_args(args, config.decode);

    std::vector<std::string> lines;
    if (args.has("input")) {
        lines = read_text_lines(args.get("input"));
    } else {
        lines = read_standard_input();
    }
    const size_t nbest = hypotheses_to_print(options);
    const auto outputs = decode(translator, args, lines, options);
    for (const auto& per_input : outputs) print_outputs(per_input, nbest, nbest > 1);
    return 0;
}

int generate(const std::vector<std::string>& argv) {
    Args args("generate",
              "Continues a prompt with a language model (or translates it with a "
              "translation model).");
    args.option("checkpoint", "FILE", "a .tfw checkpoint")
        .option("prompt", "TEXT", "the text to continue");
    add_decode_options(args);
    add_attention_options(args);
    if (!args.parse(argv)) return 0;
    Translator translator(load_model(args.get("checkpoint"), args.get("device")));
    warn_if_unverified(translator.model().checkpoint, args.get("checkpoint"));
    const DecodeOptions options =
        decode_options_from_args(args, translator.model().checkpoint.config.decode);
    const auto outputs = decode(translator, args, {args.get("prompt")}, options);
    const size_t nbest = hypotheses_to_print(options);
    print_outputs(outputs[0], nbest, nbest > 1);
    return 0;
}

const bool registered_translate =
    register_command({"translate", "translate or summarize lines from standard input", translate});
const bool registered_generate = register_command({"generate", "continue a prompt", generate});

}  // namespace
}  // namespace tfw::cli
