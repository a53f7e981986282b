// Token inspection: the pieces of a text with ids, corpus statistics, tokenizer sources and
// `tfw tokens`.
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <fstream>

#include "core/config/config_error.h"
#include "core/data/data_error.h"
#include "core/data/sentencepiece_tokenizer.h"
#include "core/data/token_inspection.h"
#include "core/data/word_tokenizer.h"
#include "core/io/tokenizer_source.h"
#include "tests/core/template_sentences.h"
#include "tests/core/test_support.h"

using namespace tfw;
using test::bpe;
using test::english_sentences;

namespace {

WordTokenizer the_cat_sat() {
    return WordTokenizer({"<pad>", "<unk>", "<s>", "</s>", "the", "cat", "sat"}, false);
}

std::vector<int> ids_of(const std::vector<TokenPiece>& pieces) {
    std::vector<int> ids;
    for (const TokenPiece& piece : pieces) ids.push_back(piece.id);
    return ids;
}

TokenizerSource corpus_source(const std::string& path, int vocab_size) {
    TokenizerSource source;
    source.origin = TokenizerOrigin::Corpus;
    source.path = path;
    source.settings.vocab_size = vocab_size;
    return source;
}

}  // namespace

class TestTokenInspection : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    const std::vector<std::string> m_english = english_sentences();
    std::string m_corpus;

    std::string path(const std::string& name) const {
        return m_dir.filePath(QString::fromStdString(name)).toStdString();
    }

  private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_corpus = path("english.txt");
        std::ofstream out(m_corpus);
        for (const std::string& line : m_english) out << line << "\n";
    }

    void wordLevelPiecesCarryIdsAndShowUnknownWordsAsWritten() {
        const WordTokenizer tokenizer = the_cat_sat();
        const std::vector<TokenPiece> pieces = inspect_pieces(tokenizer, "the dog sat");
        QCOMPARE(pieces.size(), size_t(3));
        QCOMPARE(pieces[0].text, std::string("the"));
        QCOMPARE(pieces[0].id, 4);
        QVERIFY(!pieces[0].unknown);
        QCOMPARE(pieces[1].text, std::string("dog"));
        QCOMPARE(pieces[1].id, kUnkId);
        QVERIFY(pieces[1].unknown);
        QCOMPARE(pieces[2].text, std::string("sat"));
        QCOMPARE(pieces[2].id, 6);
    }

    void sentencePiecePiecesAreTheEncodedIdsAndSpellTheText() {
        const auto tokenizer = SentencePieceTokenizer::train({&m_english}, bpe(100));
        const std::string text = "The woman walks along the river.";
        const std::vector<TokenPiece> pieces = inspect_pieces(*tokenizer, text);
        QCOMPARE(ids_of(pieces), tokenizer->encode(text));
        std::string spelled;
        for (const TokenPiece& piece : pieces) {
            QCOMPARE(piece.text, tokenizer->piece(piece.id));
            QVERIFY(!piece.unknown);
            spelled += piece.text;
        }
        QCOMPARE(spelled,
                 std::string("\u2581The\u2581woman\u2581walks\u2581along\u2581the\u2581river."));
        // A character the training text never had is <unk>, and the piece shows it.
        const std::vector<TokenPiece> unseen = inspect_pieces(*tokenizer, "Zürich");
        const auto unknown = std::find_if(unseen.begin(), unseen.end(),
                                          [](const TokenPiece& piece) { return piece.unknown; });
        QVERIFY(unknown != unseen.end());
        QCOMPARE(unknown->id, kUnkId);
        QVERIFY(unknown->text.find("ü") != std::string::npos);
    }

    void statisticsOfAHandMadeCorpusAreExact() {
        const WordTokenizer tokenizer = the_cat_sat();
        CorpusStatsOptions options;
        options.top = 3;
        options.max_pieces_per_word = 2;
        const CorpusTokenStats stats =
            corpus_token_stats(tokenizer, {"the cat sat", "the dog sat", "", "the the"}, options);
        QCOMPARE(stats.lines, int64_t(4));
        QCOMPARE(stats.words, int64_t(8));
        QCOMPARE(stats.pieces, int64_t(8));
        QCOMPARE(stats.unknown, int64_t(1));
        QCOMPARE(stats.pieces_per_word(), 1.0);
        QCOMPARE(stats.unknown_rate(), 0.125);
        QCOMPARE(stats.distinct_pieces, int64_t(4));  // the cat sat <unk>
        // the 4, sat 2, then <unk> and cat once each: the tie goes to the lower id.
        const std::vector<std::pair<std::string, int64_t>> top = {
            {"the", 4}, {"sat", 2}, {"<unk>", 1}};
        QCOMPARE(stats.top_pieces, top);
        QCOMPARE(stats.words_by_pieces, (std::vector<int64_t>{8, 0}));
        QVERIFY(stats.complete);
    }

    void wordsByPiecesCountsSubwordsPerWord() {
        // A vocabulary of single characters: every word is as many pieces as it has letters.
        const std::vector<std::string> text = {"ab abc a abcd abcde"};
        SentencePieceTokenizer::Options options = bpe(10);  // 4 reserved, ▁ and a..e
        const auto tokenizer = SentencePieceTokenizer::train({&text}, options);
        CorpusStatsOptions stats_options;
        stats_options.max_pieces_per_word = 4;
        const CorpusTokenStats stats = corpus_token_stats(*tokenizer, text, stats_options);
        QCOMPARE(stats.words, int64_t(5));
        int64_t pieces_of_words = 0;
        for (const std::string& word : split_words(text[0]))
            pieces_of_words += static_cast<int64_t>(tokenizer->encode(word).size());
        QCOMPARE(stats.pieces, pieces_of_words);
        int64_t counted = 0;
        for (size_t k = 0; k < stats.words_by_pieces.size(); ++k)
            counted += stats.words_by_pieces[k];
        QCOMPARE(counted, stats.words);
        QCOMPARE(stats.words_by_pieces.size(), size_t(4));
    }

    void fileStatisticsMatchTheLinesAndCancel() {
        const auto tokenizer = SentencePieceTokenizer::train({&m_english}, bpe(100));
        const CorpusTokenStats in_memory = corpus_token_stats(*tokenizer, m_english);
        double last_fraction = 0;
        const CorpusTokenStats from_file =
            corpus_token_stats_of_file(*tokenizer, m_corpus, {}, [&](double fraction) {
                last_fraction = fraction;
                return true;
            });
        QCOMPARE(from_file.lines, int64_t(m_english.size()));
        QCOMPARE(from_file.pieces, in_memory.pieces);
        QCOMPARE(from_file.words, in_memory.words);
        QCOMPARE(from_file.top_pieces, in_memory.top_pieces);
        QCOMPARE(last_fraction, 1.0);

        const CorpusTokenStats cancelled =
            corpus_token_stats_of_file(*tokenizer, m_corpus, {}, [](double) { return false; });
        QVERIFY(!cancelled.complete);
        QVERIFY(cancelled.lines < from_file.lines);

        CorpusStatsOptions first_ten;
        first_ten.max_lines = 10;
        QCOMPARE(corpus_token_stats_of_file(*tokenizer, m_corpus, first_ten).lines, int64_t(10));
        QVERIFY_THROWS_EXCEPTION(DataError,
                                 corpus_token_stats_of_file(*tokenizer, path("missing.txt")));
    }

    void aLargerVocabularyNeedsFewerPiecesPerWord() {
        const SourcedTokenizer small = load_tokenizer(corpus_source(m_corpus, 60));
        const SourcedTokenizer large = load_tokenizer(corpus_source(m_corpus, 200));
        QCOMPARE(small.tokenizer->vocab_size(), 60);
        QCOMPARE(large.tokenizer->vocab_size(), 200);
        QCOMPARE(small.label, std::string("bpe 60 trained on english.txt"));
        const double small_ppw = corpus_token_stats(*small.tokenizer, m_english).pieces_per_word();
        const double large_ppw = corpus_token_stats(*large.tokenizer, m_english).pieces_per_word();
        QVERIFY2(large_ppw < small_ppw,
                 (std::to_string(large_ppw) + " vs " + std::to_string(small_ppw)).c_str());
        QVERIFY(large_ppw >= 1.0);
    }

    void sourcesLoadModelsCheckpointsRunsAndExperiments() {
        // A .model file: the same pieces as the tokenizer that wrote it.
        const auto trained = SentencePieceTokenizer::train({&m_english}, bpe(100));
        const std::string model = path("english.model");
        std::ofstream(model, std::ios::binary) << trained->serialize();
        TokenizerSource source;
        source.origin = TokenizerOrigin::Model;
        source.path = model;
        const SourcedTokenizer loaded = load_tokenizer(source);
        QCOMPARE(loaded.label, std::string("english.model"));
        QCOMPARE(loaded.tokenizer->encode("A dog at night."), trained->encode("A dog at night."));

        // A run folder: the tokenizer saved in its checkpoint.
        test::write_tiny_run(m_dir.path().toStdString(), "tiny-run", Task::Translation);
        source.origin = TokenizerOrigin::Run;
        source.path = path("tiny-run") + "/";
        const SourcedTokenizer run = load_tokenizer(source);
        QCOMPARE(run.label, std::string("run tiny-run"));
        QVERIFY(run.shared);
        QCOMPARE(ids_of(inspect_pieces(*run.tokenizer, "a f z")), (std::vector<int>{4, 9, kUnkId}));
        source.path = path("no-such-run");
        QVERIFY_THROWS_EXCEPTION(DataError, load_tokenizer(source));

        // An experiment: the tokenizer training would build, the same as one from its text.
        source.origin = TokenizerOrigin::Experiment;
        source.experiment.task = Task::LanguageModel;
        source.experiment.name = "english";
        source.experiment.data.train = m_corpus;
        source.experiment.tokenizer.vocab_size = 100;
        const SourcedTokenizer experiment = load_tokenizer(source);
        QCOMPARE(experiment.label, std::string("bpe 100 trained on english's training text"));
        QCOMPARE(experiment.tokenizer->serialize(),
                 load_tokenizer(corpus_source(m_corpus, 100)).tokenizer->serialize());

        QVERIFY_THROWS_EXCEPTION(ConfigError, load_tokenizer(corpus_source(m_corpus, 3)));
    }

    void aCheckpointWithAVocabularyPerSideGivesTheSideAskedFor() {
        const WordTokenizer src({"<pad>", "<unk>", "<s>", "</s>", "x", "y"}, false);
        const WordTokenizer tgt({"<pad>", "<unk>", "<s>", "</s>", "a", "b", "c"}, false);
        Checkpoint c;
        c.config = test::tiny_model_config(Task::Translation);
        c.config.tokenizer.type = TokenizerType::Word;
        c.config.tokenizer.shared = false;
        c.config.model.tie_embeddings = false;
        c.src_tokenizer_type = src.type_name();
        c.src_tokenizer = src.serialize();
        c.tgt_tokenizer_type = tgt.type_name();
        c.tgt_tokenizer = tgt.serialize();
        c.src_vocab = src.vocab_size();
        c.tgt_vocab = tgt.vocab_size();
        TransformerModel model(model_options(c.config, c.src_vocab, c.tgt_vocab));
        c.parameters = model->parameter_count();
        c.weights = serialize_module(*model);
        TokenizerSource source;
        source.origin = TokenizerOrigin::Checkpoint;
        source.path = path("sides.tfw");
        save_checkpoint(c, source.path);

        const SourcedTokenizer target = load_tokenizer(source);
        QVERIFY(!target.shared);
        QCOMPARE(target.label, std::string("sides.tfw (target)"));
        QCOMPARE(target.tokenizer->encode("a x c"), (std::vector<int>{4, kUnkId, 6}));
        source.side = TokenizerSide::Source;
        const SourcedTokenizer source_side = load_tokenizer(source);
        QCOMPARE(source_side.label, std::string("sides.tfw (source)"));
        QCOMPARE(source_side.tokenizer->encode("a x c"), (std::vector<int>{kUnkId, 4, kUnkId}));
    }

    void cliShowsPiecesAndComparesVocabularies() {
        const QString corpus = QString::fromStdString(m_corpus);
        const test::CliRun run = test::run_tfw(
            {"tokens", "--train", corpus, "--vocab-size", "60", "--compare", "vocab-size=200",
             "--corpus", corpus, "--top", "3", "--text", "The cat waits for the bus.", "--json"});
        QCOMPARE(run.exit_code, 0);
        const auto out = nlohmann::json::parse(run.out);
        QCOMPARE(out["tokenizers"].size(), size_t(2));
        const auto& a = out["tokenizers"][0];
        const auto& b = out["tokenizers"][1];
        QCOMPARE(a["vocab_size"].get<int>(), 60);
        QCOMPARE(b["vocab_size"].get<int>(), 200);
        QCOMPARE(a["corpus"]["lines"].get<int64_t>(), int64_t(m_english.size()));
        QCOMPARE(a["corpus"]["top_pieces"].size(), size_t(3));
        QVERIFY(b["corpus"]["pieces_per_word"].get<double>() <
                a["corpus"]["pieces_per_word"].get<double>());
        // The pieces are those of the same tokenizer trained here.
        const auto small = load_tokenizer(corpus_source(m_corpus, 60)).tokenizer;
        std::vector<int> ids;
        for (const auto& piece : a["texts"][0]["pieces"]) ids.push_back(piece["id"].get<int>());
        QCOMPARE(ids, small->encode("The cat waits for the bus."));

        // Texts from standard input, one per line, in the plain format.
        const test::CliRun piped =
            test::run_tfw({"tokens", "--train", corpus, "--type", "word"}, "A dog jumps high\n");
        QCOMPARE(piped.exit_code, 0);
        QVERIFY2(piped.out.find("(4) A:") != std::string::npos, piped.out.c_str());
        QVERIFY2(piped.out.find("?high:1") != std::string::npos, piped.out.c_str());
    }

    void cliRefusesUnclearRequests() {
        const QString corpus = QString::fromStdString(m_corpus);
        const test::CliRun no_source = test::run_tfw({"tokens", "--text", "a"});
        QCOMPARE(no_source.exit_code, 2);
        QVERIFY2(no_source.err.find("give exactly one of --run") != std::string::npos,
                 no_source.err.c_str());
        QCOMPARE(test::run_tfw({"tokens", "--model", "x.model", "--vocab-size", "100"}).exit_code,
                 2);
        QCOMPARE(test::run_tfw({"tokens", "--train", corpus, "--compare", "colour=red"}).exit_code,
                 2);
        const test::CliRun missing = test::run_tfw(
            {"tokens", "--model", QString::fromStdString(path("none.model")), "--text", "a"});
        QCOMPARE(missing.exit_code, 1);
        QVERIFY2(missing.err.find("none.model") != std::string::npos, missing.err.c_str());
    }
};

QTEST_APPLESS_MAIN(TestTokenInspection)
#include "test_token_inspection.moc"
