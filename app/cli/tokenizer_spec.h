#pragma once
// The options of `tfw tokens` that say which tokenizer to inspect, and its --compare spec:
// the same options written KEY=VALUE,KEY=VALUE that change the first tokenizer's, e.g.
// "vocab-size=8000" or "model=other.model".

#include <map>
#include <string>
#include <vector>

#include "app/cli/args.h"
#include "core/io/tokenizer_source.h"

namespace tfw::cli {

using TokenizerOptions = std::map<std::string, std::string>;  // option name -> value

// Declares --run, --checkpoint, --model, --train and the training settings.
void declare_tokenizer_options(Args& args);
// The tokenizer options as given (flags as "1").
TokenizerOptions given_tokenizer_options(const Args& args);
// A spec's KEY=VALUE pairs over base; naming another origin replaces base's. Throws UsageError.
TokenizerOptions compare_options(const TokenizerOptions& base, const std::string& spec);
// Exactly one origin and settings that fit it, or UsageError naming the problem.
TokenizerSource tokenizer_source(const TokenizerOptions& options,
                                 const std::vector<std::string>& set_options);

}  // namespace tfw::cli
