// tfw tokens: what a tokenizer does to text: the pieces of a text with their ids, and on a
// corpus pieces per word, the unknown rate and the most frequent pieces; optionally for a
// second tokenizer side by side.

#include <nlohmann/json.hpp>

#include <iostream>
#include <string>
#include <vector>

#include "app/cli/args.h"
#include "app/cli/command.h"
#include "app/cli/tokenizer_spec.h"
#include "core/config/number_text.h"
#include "core/data/token_inspection.h"

namespace tfw::cli {
namespace {

using json = nlohmann::ordered_json;

struct Inspected {
    SourcedTokenizer tokenizer;
    std::vector<std::vector<TokenPiece>> texts;
    CorpusTokenStats corpus;
};

// text followed by spaces up to width columns (at least one), counting UTF-8 characters.
std::string padded(const std::string& text, size_t width) {
    size_t characters = 0;
    for (const char c : text) characters += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    return text + std::string(characters < width ? width - characters : 1, ' ');
}

// "▁Hel:523 lo:87 ?Zürich:1" - unknown pieces marked with '?'.
std::string pieces_line(const std::vector<TokenPiece>& pieces) {
    std::string line;
    for (const TokenPiece& piece : pieces)
        line += (line.empty() ? "" : " ") + std::string(piece.unknown ? "?" : "") + piece.text +
                ":" + std::to_string(piece.id);
    return line;
}

json pieces_json(const std::vector<TokenPiece>& pieces) {
    json out = json::array();
    for (const TokenPiece& piece : pieces)
        out.push_back({{"piece", piece.text}, {"id", piece.id}, {"unknown", piece.unknown}});
    return out;
}

json stats_json(const CorpusTokenStats& stats) {
    json top = json::array();
    for (const auto& [piece, count] : stats.top_pieces)
        top.push_back({{"piece", piece}, {"count", count}});
    return {{"lines", stats.lines},
            {"words", stats.words},
            {"pieces", stats.pieces},
            {"pieces_per_word", stats.pieces_per_word()},
            {"unknown", stats.unknown},
            {"unknown_rate", stats.unknown_rate()},
            {"distinct_pieces", stats.distinct_pieces},
            {"words_by_pieces", stats.words_by_pieces},
            {"top_pieces", top}};
}

void print_json(const std::vector<Inspected>& inspected, const std::vector<std::string>& texts,
                const std::string& corpus) {
    json tokenizers = json::array();
    for (const Inspected& one : inspected) {
        const Tokenizer& tokenizer = *one.tokenizer.tokenizer;
        json entry = {{"label", one.tokenizer.label},
                      {"type", tokenizer.type_name()},
                      {"vocab_size", tokenizer.vocab_size()}};
        json pieces = json::array();
        for (size_t i = 0; i < texts.size(); ++i)
            pieces.push_back({{"text", texts[i]}, {"pieces", pieces_json(one.texts[i])}});
        entry["texts"] = pieces;
        if (!corpus.empty()) entry["corpus"] = stats_json(one.corpus);
        tokenizers.push_back(entry);
    }
    json out = {{"tokenizers", tokenizers}};
    if (!corpus.empty()) out["corpus_file"] = corpus;
    std::cout << out.dump(2) << "\n";
}

void print_stats_row(const std::string& name, const std::vector<std::string>& values) {
    std::string line = padded(name, 20);
    for (const std::string& value : values) line += padded(value, 16);
    while (!line.empty() && line.back() == ' ') line.pop_back();
    std::cout << line << "\n";
}

void print_corpus(const std::vector<Inspected>& inspected, const std::string& corpus) {
    const auto row = [&](const std::string& name, auto value) {
        std::vector<std::string> values;
        for (const Inspected& one : inspected) values.push_back(value(one.corpus, one));
        print_stats_row(name, values);
    };
    const CorpusTokenStats& first = inspected.front().corpus;
    std::cout << "\ncorpus " << corpus << ": " << first.lines << " lines, " << first.words
              << " words\n";
    if (inspected.size() > 1) print_stats_row("", {"A", "B"});
    row("pieces",
        [](const CorpusTokenStats& s, const Inspected&) { return std::to_string(s.pieces); });
    row("pieces per word",
        [](const CorpusTokenStats& s, const Inspected&) { return fixed(s.pieces_per_word(), 3); });
    row("unknown rate", [](const CorpusTokenStats& s, const Inspected&) {
        return fixed(100 * s.unknown_rate(), 2) + "%";
    });
    row("pieces used", [](const CorpusTokenStats& s, const Inspected& one) {
        return std::to_string(s.distinct_pieces) + " of " +
               std::to_string(one.tokenizer.tokenizer->vocab_size());
    });
    const size_t buckets = first.words_by_pieces.size();
    for (size_t k = 0; k < buckets; ++k) {
        const std::string name = "words in " + std::to_string(k + 1) +
                                 (k + 1 == buckets ? "+" : "") + (k == 0 ? " piece" : " pieces");
        row(name, [k](const CorpusTokenStats& s, const Inspected&) {
            return fixed(s.words > 0 ? 100.0 * double(s.words_by_pieces[k]) / double(s.words) : 0,
                         1) +
                   "%";
        });
    }
    for (size_t i = 0; i < inspected.size(); ++i) {
        const auto& top = inspected[i].corpus.top_pieces;
        if (top.empty()) continue;
        std::cout << "\nmost frequent pieces"
                  << (inspected.size() > 1 ? std::string(" of ") + char('A' + i) : "") << ":\n";
        for (const auto& [piece, count] : top)
            std::cout << "  " << padded(piece, 16) << count << "\n";
    }
}

void print_text(const std::vector<Inspected>& inspected, const std::vector<std::string>& texts,
                const std::string& corpus) {
    const bool two = inspected.size() > 1;
    for (size_t i = 0; i < inspected.size(); ++i)
        std::cout << (two ? std::string(1, char('A' + i)) + ": " : "")
                  << inspected[i].tokenizer.label << " ("
                  << describe_tokenizer(*inspected[i].tokenizer.tokenizer) << ")\n";
    for (size_t t = 0; t < texts.size(); ++t) {
        std::cout << "\n" << texts[t] << "\n";
        for (size_t i = 0; i < inspected.size(); ++i)
            std::cout << (two ? std::string(1, char('A' + i)) + " " : "") << "("
                      << inspected[i].texts[t].size() << ") " << pieces_line(inspected[i].texts[t])
                      << "\n";
    }
    if (!corpus.empty()) print_corpus(inspected, corpus);
}

int tokens(const std::vector<std::string>& argv) {
    Args args("tokens",
              "Shows how a tokenizer cuts text: the pieces with their ids ('?' marks <unk>), and "
              "on a corpus the pieces per word, unknown rate and most frequent pieces.\n"
              "Texts come from --text, else from standard input (one per line) unless --corpus "
              "is given.\n"
              "examples:\n"
              "  tfw tokens --run runs/demo --text \"Hello world\"\n"
              "  tfw tokens --train train.en --vocab-size 2000 --compare vocab-size=8000 "
              "--corpus valid.en");
    declare_tokenizer_options(args);
    args.repeated("text", "TEXT", "a text to cut into pieces")
        .option("corpus", "FILE", "statistics of this text file (plain or .gz)")
        .option("top", "N", "most frequent pieces listed with --corpus", "20")
        .option("max-lines", "N", "read at most this many lines of --corpus (0 = all)", "0")
        .option("compare", "KEY=VALUE,...",
                "a second tokenizer: the options above changed, e.g. vocab-size=8000, "
                "model-type=unigram, model=other.model or side=source")
        .flag("json", "print everything as one JSON object");
    if (!args.parse(argv)) return 0;

    const TokenizerOptions first = given_tokenizer_options(args);
    std::vector<TokenizerSource> sources = {tokenizer_source(first, args.all("set"))};
    if (args.has("compare"))
        sources.push_back(
            tokenizer_source(compare_options(first, args.get("compare")), args.all("set")));
    CorpusStatsOptions stats_options;
    stats_options.top = static_cast<int>(args.get_int("top"));
    stats_options.max_lines = args.get_int("max-lines");
    if (stats_options.top < 0 || stats_options.max_lines < 0)
        throw UsageError("--top and --max-lines want 0 or more");

    std::vector<std::string> texts = args.all("text");
    const std::string corpus = args.has("corpus") ? args.get("corpus") : "";
    if (texts.empty() && corpus.empty())
        for (std::string line; std::getline(std::cin, line);) texts.push_back(line);

    const DataLog log = [](LogLevel, const std::string& message) { std::cerr << message << "\n"; };
    std::vector<Inspected> inspected;
    for (const TokenizerSource& source : sources) {
        Inspected one{load_tokenizer(source, log), {}, {}};
        for (const std::string& text : texts)
            one.texts.push_back(inspect_pieces(*one.tokenizer.tokenizer, text));
        if (!corpus.empty())
            one.corpus =
                corpus_token_stats_of_file(*one.tokenizer.tokenizer, corpus, stats_options);
        inspected.push_back(std::move(one));
    }
    if (args.has("json"))
        print_json(inspected, texts, corpus);
    else
        print_text(inspected, texts, corpus);
    return 0;
}

const bool registered =
    register_command({"tokens", "show how a tokenizer cuts text into pieces", tokens});

}  // namespace
}  // namespace tfw::cli
