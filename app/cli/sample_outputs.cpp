#include "app/cli/sample_outputs.h"

#include <iostream>
#include <sstream>

#include "core/config/config_io.h"
#include "core/data/synthetic_task.h"
#include "core/data/text_reader.h"
#include "core/decode/translator.h"

namespace tfw::cli {

namespace {

struct Samples {
    std::vector<std::string> inputs, references;
};

// The first words of a line: a prompt for a language model.
std::string first_words(const std::string& line, int words) {
    std::istringstream in(line);
    std::string word, out;
    for (int i = 0; i < words && in >> word; ++i) out += (i ? " " : "") + word;
    return out;
}

Samples validation_samples(const ExperimentConfig& c, int count) {
    Samples s;
    if (c.data.synthetic == Synthetic::Reverse) {
        const RawCorpus corpus = generate_reverse_task(static_cast<uint64_t>(c.train.seed));
        s.inputs = corpus.valid.src;
        s.references = corpus.valid.tgt;
    } else if (c.is_lm()) {
        for (const auto& line : read_text_lines(resolve_data_path(c, c.data.valid)))
            if (line.find_first_not_of(' ') != std::string::npos &&
                first_words(line, 8).size() > 20)
                s.inputs.push_back(first_words(line, 4));
    } else {
        s.inputs = read_text_lines(resolve_data_path(c, c.data.valid_src));
        s.references = read_text_lines(resolve_data_path(c, c.data.valid_tgt));
    }
    if (s.inputs.size() > size_t(count)) s.inputs.resize(size_t(count));
    if (s.references.size() > s.inputs.size()) s.references.resize(s.inputs.size());
    return s;
}

}  // namespace

void print_sample_outputs(const std::string& checkpoint, int count) {
    try {
        Translator translator(load_model(checkpoint));
        const ExperimentConfig& config = translator.model().checkpoint.config;
        const Samples samples = validation_samples(config, count);
        DecodeOptions options = decode_options_from(config.decode);
        options.beam = 1;
        if (config.is_lm()) options.max_len_b = 20;
        const auto outputs = translator.translate(samples.inputs, options);
        std::cout << "\nvalidation samples (greedy):\n";
        int exact = 0;
        for (size_t i = 0; i < outputs.size(); ++i) {
            const std::string& output = outputs[i].empty() ? std::string() : outputs[i][0].text;
            std::cout << "  input:     " << samples.inputs[i] << "\n  output:    " << output
                      << "\n";
            if (i < samples.references.size()) {
                const bool same = output == samples.references[i];
                exact += same;
                std::cout << "  reference: " << samples.references[i] << (same ? "   (exact)" : "")
                          << "\n";
            }
            std::cout << "\n";
        }
        if (!samples.references.empty())
            std::cout << exact << " of " << outputs.size()
                      << " outputs match their reference exactly\n";
    } catch (const std::exception& e) {
        std::cerr << "warning: could not decode samples: " << e.what() << "\n";
    }
}

}  // namespace tfw::cli
