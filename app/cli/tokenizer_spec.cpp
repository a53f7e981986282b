#include "app/cli/tokenizer_spec.h"

#include <algorithm>

#include "app/cli/experiment_args.h"

namespace tfw::cli {
namespace {

const std::vector<std::string> kOrigins = {"run",   "checkpoint", "model",
                                           "train", "preset",     "config"};
const std::vector<std::string> kTrainingSettings = {"type", "model-type", "vocab-size", "min-freq",
                                                    "lowercase"};
const std::vector<std::string> kOthers = {"side", "data-dir"};

bool contains(const std::vector<std::string>& names, const std::string& name) {
    return std::find(names.begin(), names.end(), name) != names.end();
}

int positive_int(const TokenizerOptions& options, const std::string& name, int fallback) {
    const auto it = options.find(name);
    if (it == options.end()) return fallback;
    try {
        size_t used = 0;
        const int value = std::stoi(it->second, &used);
        if (used == it->second.size() && value >= 0) return value;
    } catch (const std::exception&) {
    }
    throw UsageError("--" + name + " wants a whole number of 0 or more, not '" + it->second + "'");
}

TokenizerConfig training_settings(const TokenizerOptions& options) {
    TokenizerConfig settings;
    const auto get = [&](const std::string& name, const std::string& fallback) {
        const auto it = options.find(name);
        return it == options.end() ? fallback : it->second;
    };
    const std::string type = get("type", "sentencepiece");
    if (type == "word")
        settings.type = TokenizerType::Word;
    else if (type != "sentencepiece")
        throw UsageError("--type wants sentencepiece or word, not '" + type + "'");
    const std::string model_type = get("model-type", "bpe");
    if (model_type == "unigram")
        settings.model_type = SubwordModel::Unigram;
    else if (model_type != "bpe")
        throw UsageError("--model-type wants bpe or unigram, not '" + model_type + "'");
    settings.vocab_size = positive_int(options, "vocab-size", settings.vocab_size);
    settings.min_freq = positive_int(options, "min-freq", settings.min_freq);
    settings.lowercase = get("lowercase", "0") == "1";
    return settings;
}

}  // namespace

void declare_tokenizer_options(Args& args) {
    args.option("run", "RUN_DIR", "the tokenizer(s) saved with a run (its best.tfw, else last.tfw)")
        .option("checkpoint", "FILE", "the tokenizer(s) saved in a checkpoint (.tfw)")
        .option("model", "FILE", "a sentencepiece model (.model)")
        .option("train", "CORPUS", "train a tokenizer on this text file (plain or .gz)");
    add_experiment_options(args, "the experiment (its tokenizer is trained)");
    args.option("type", "NAME", "with --train: sentencepiece or word (default sentencepiece)")
        .option("model-type", "NAME", "with --train: bpe or unigram (default bpe)")
        .option("vocab-size", "N",
                "with --train: vocabulary size, 4 reserved ids included (default 8000; word: "
                "0 = no cap)")
        .option("min-freq", "N", "with --train --type word: drop rarer words (default 1)")
        .flag("lowercase", "with --train: lowercase the text")
        .option("side", "SIDE",
                "source or target, for a run with a vocabulary per side (default target)");
}

TokenizerOptions given_tokenizer_options(const Args& args) {
    TokenizerOptions options;
    for (const auto* names : {&kOrigins, &kTrainingSettings, &kOthers})
        for (const std::string& name : *names)
            if (args.has(name)) options[name] = name == "lowercase" ? "1" : args.get(name);
    return options;
}

TokenizerOptions compare_options(const TokenizerOptions& base, const std::string& spec) {
    TokenizerOptions changes;
    size_t start = 0;
    while (start <= spec.size()) {
        const size_t end = std::min(spec.find(',', start), spec.size());
        const std::string item = spec.substr(start, end - start);
        start = end + 1;
        if (item.empty()) continue;
        const size_t equals = item.find('=');
        const std::string key = item.substr(0, equals);
        if (!contains(kOrigins, key) && !contains(kTrainingSettings, key) &&
            !contains(kOthers, key))
            throw UsageError("--compare: unknown key '" + key +
                             "' (use run, checkpoint, model, train, preset, config, type, "
                             "model-type, vocab-size, min-freq, lowercase, side or data-dir)");
        if (equals == std::string::npos && key != "lowercase")
            throw UsageError("--compare: '" + item + "' wants KEY=VALUE");
        changes[key] = equals == std::string::npos ? "1" : item.substr(equals + 1);
    }
    if (changes.empty()) throw UsageError("--compare wants KEY=VALUE[,KEY=VALUE...]");
    TokenizerOptions result = base;
    const bool new_origin = std::any_of(changes.begin(), changes.end(),
                                        [](const auto& c) { return contains(kOrigins, c.first); });
    if (new_origin)
        for (const std::string& origin : kOrigins) result.erase(origin);
    for (const auto& [key, value] : changes) result[key] = value;
    return result;
}

TokenizerSource tokenizer_source(const TokenizerOptions& options,
                                 const std::vector<std::string>& set_options) {
    std::vector<std::string> origins;
    for (const std::string& origin : kOrigins)
        if (options.count(origin)) origins.push_back(origin);
    if (origins.size() != 1)
        throw UsageError(
            "give exactly one of --run, --checkpoint, --model, --train, --preset or --config");
    const std::string& origin = origins.front();
    if (origin != "train")
        for (const std::string& name : kTrainingSettings)
            if (options.count(name))
                throw UsageError("--" + name + " applies to --train only" +
                                 (origin == "preset" || origin == "config"
                                      ? std::string(" (use --set tokenizer.…)")
                                      : std::string()));
    const bool experiment = origin == "preset" || origin == "config";
    if (!experiment && (!set_options.empty() || options.count("data-dir")))
        throw UsageError(std::string(set_options.empty() ? "--data-dir" : "--set") +
                         " applies to --preset and --config only");

    TokenizerSource source;
    const auto side = options.find("side");
    if (side != options.end()) {
        if (side->second == "source")
            source.side = TokenizerSide::Source;
        else if (side->second != "target")
            throw UsageError("--side wants source or target, not '" + side->second + "'");
    }
    const std::string& value = options.at(origin);
    source.path = value;
    if (origin == "run") {
        source.origin = TokenizerOrigin::Run;
    } else if (origin == "checkpoint") {
        source.origin = TokenizerOrigin::Checkpoint;
    } else if (origin == "model") {
        source.origin = TokenizerOrigin::Model;
    } else if (origin == "train") {
        source.origin = TokenizerOrigin::Corpus;
        source.settings = training_settings(options);
    } else {
        source.origin = TokenizerOrigin::Experiment;
        source.path.clear();
        const auto data_dir = options.find("data-dir");
        source.experiment =
            named_experiment(origin == "preset", value,
                             data_dir == options.end() ? "" : data_dir->second, set_options);
    }
    return source;
}

}  // namespace tfw::cli
