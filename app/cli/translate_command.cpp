// tfw translate / tfw generate: decode text with a checkpoint.
#include <iomanip>
#include <iostream>

#include "app/cli/command.h"
#include "app/cli/decode_args.h"
#include "core/config/config_error.h"
#include "core/data/text_reader.h"
#include "core/decode/translator.h"

namespace tfw::cli {
namespace {

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

int translate(const std::vector<std::string>& argv) {
    Args args("translate",
              "Reads source lines on standard input (or --input) and writes one output line per "
              "input\n(with --nbest N: N lines, each 'score<TAB>text'). Also for summarization.");
    args.option("checkpoint", "FILE", "a .tfw checkpoint")
        .option("input", "FILE", "read inputs from FILE");
    add_decode_options(args);
    if (!args.parse(argv)) return 0;
    Translator translator(load_model(args.get("checkpoint"), args.get("device")));
    const ExperimentConfig& config = translator.model().checkpoint.config;
    if (config.is_lm())
        throw ConfigError(args.get("checkpoint") + " is a language model; use tfw generate");
    const DecodeOptions options = decode_options_from_args(args, config.decode);

    std::vector<std::string> lines;
    if (args.has("input")) {
        lines = read_text_lines(args.get("input"));
    } else {
        for (std::string line; std::getline(std::cin, line);) lines.push_back(line);
    }
    const size_t nbest = hypotheses_to_print(options);
    const auto outputs = translator.translate(lines, options);
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
    if (!args.parse(argv)) return 0;
    Translator translator(load_model(args.get("checkpoint"), args.get("device")));
    const DecodeOptions options =
        decode_options_from_args(args, translator.model().checkpoint.config.decode);
    const auto outputs = translator.translate({args.get("prompt")}, options);
    const size_t nbest = hypotheses_to_print(options);
    print_outputs(outputs[0], nbest, nbest > 1);
    return 0;
}

const bool registered_translate =
    register_command({"translate", "translate or summarize lines from standard input", translate});
const bool registered_generate = register_command({"generate", "continue a prompt", generate});

}  // namespace
}  // namespace tfw::cli
