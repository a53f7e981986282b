// tfw logprob: the teacher-forced log-probability of each sentence under a checkpoint, as
// JSON lines; python/tfw_torch.py logprob prints the same for an exported model.

#include <nlohmann/json.hpp>

#include <iostream>
#include <string>
#include <vector>

#include "app/cli/args.h"
#include "app/cli/command.h"
#include "core/data/text_reader.h"
#include "core/decode/sentence_log_probs.h"
#include "core/io/model_io.h"

namespace tfw::cli {
namespace {

int run_logprob(const std::vector<std::string>& argv) {
    Args args("logprob",
              "Prints one JSON line per sentence: {\"line\", \"tokens\", \"log_prob\"}, the\n"
              "natural-log probability of the target (seq2seq) or of the line itself (language\n"
              "model) followed by </s>, and how many tokens that is. Nothing is truncated.");
    args.option("checkpoint", "FILE", "a .tfw checkpoint")
        .option("src", "FILE", "source sentences, one per line (language model: the text)")
        .option("tgt", "FILE",
                "target sentences, line i pairs with --src line i (language model: "
                "continuations scored after the --src line as prompt)")
        .option("device", "auto|cpu|cuda", "where to compute", "cpu");
    if (!args.parse(argv)) return 0;
    LoadedModel loaded = load_model(args.get("checkpoint"), args.get("device"));
    const std::vector<std::string> sources = read_text_lines(args.get("src"));
    const std::vector<std::string> targets =
        args.has("tgt") ? read_text_lines(args.get("tgt")) : std::vector<std::string>();
    if (!loaded.model->options().is_lm() && !args.has("tgt"))
        throw UsageError("--tgt is required for a sequence-to-sequence model");
    const auto scores = sentence_log_probs(loaded, sources, targets);
    for (size_t i = 0; i < scores.size(); ++i)
        std::cout << nlohmann::ordered_json{{"line", i + 1},
                                            {"tokens", scores[i].token_log_probs.size()},
                                            {"log_prob", scores[i].total}}
                         .dump()
                  << "\n";
    return 0;
}

const bool registered = register_command(
    {"logprob", "teacher-forced log-probability of each sentence (JSON lines)", run_logprob});

}  // namespace
}  // namespace tfw::cli
