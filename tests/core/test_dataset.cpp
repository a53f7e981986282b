// Data preparation: reading corpora, encoding, limits, errors, lm windows and the synthetic task.
// (Length-bucketed batching: test_batching.)
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <set>

#include "core/config/config_error.h"
#include "core/data/data_error.h"
#include "core/data/dataset.h"
#include "core/data/synthetic_task.h"
#include "core/data/word_tokenizer.h"

using namespace tfw;

namespace {

struct Logged {
    std::vector<std::pair<LogLevel, std::string>> lines;
    DataLog sink() {
        return [this](LogLevel level, const std::string& text) { lines.emplace_back(level, text); };
    }
    bool has(LogLevel level, const std::string& text) const {
        for (const auto& [l, t] : lines)
            if (l == level && t == text) return true;
        return false;
    }
    std::string all() const {
        std::string text;
        for (const auto& line : lines) text += line.second + "\n";
        return text;
    }
};

std::vector<int32_t> ids_of(const Tokenizer& tok, const std::string& text) {
    const auto ids = tok.encode(text);
    return {ids.begin(), ids.end()};
}

std::vector<int32_t> cat(std::vector<int32_t> a, const std::vector<int32_t>& b) {
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

}  // namespace

class TestDataset : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    std::string write(const std::string& name, const std::string& text) {
        const std::string path = m_dir.filePath(QString::fromStdString(name)).toStdString();
        std::ofstream(path, std::ios::binary) << text;
        return path;
    }

    // A word-level translation config over files in the temporary folder.
    ExperimentConfig word_config(const std::string& prefix) {
        ExperimentConfig c;
        c.data.dir = m_dir.path().toStdString();
        c.data.train_src = prefix + "train.src";
        c.data.train_tgt = prefix + "train.tgt";
        c.data.valid_src = prefix + "valid.src";
        c.data.valid_tgt = prefix + "valid.tgt";
        c.tokenizer.type = TokenizerType::Word;
        c.tokenizer.vocab_size = 0;
        return c;
    }

    void write_pairs(const std::string& prefix, const std::string& train_src,
                     const std::string& train_tgt, const std::string& valid_src = "x y\n",
                     const std::string& valid_tgt = "y x\n") {
        write(prefix + "train.src", train_src);
        write(prefix + "train.tgt", train_tgt);
        write(prefix + "valid.src", valid_src);
        write(prefix + "valid.tgt", valid_tgt);
    }

    std::string error_of(const ExperimentConfig& c) {
        Logged log;
        try {
            prepare_data(c, log.sink());
        } catch (const std::exception& e) {
            return e.what();
        }
        return "no error";
    }

  private Q_SLOTS:
    void seq2seqExamplesGetEosAndBos() {
        write_pairs("a.", "a b c\nb c\n", "C B A\nC B\n", "a c\n", "C A\n");
        ExperimentConfig c = word_config("a.");
        c.tokenizer.shared = false;
        Logged log;
        const PreparedData d = prepare_data(c, log.sink());
        QVERIFY(d.src_tokenizer != d.tgt_tokenizer);
        QCOMPARE(d.src_tokenizer->encode("A")[0], kUnkId);  // sides have their own words
        QCOMPARE(d.train.examples.size(), size_t(2));
        const Example& e = d.train.examples[0];
        const auto src = ids_of(*d.src_tokenizer, "a b c");
        const auto tgt = ids_of(*d.tgt_tokenizer, "C B A");
        QCOMPARE(e.src, cat(src, {kEosId}));
        QCOMPARE(e.tgt_in, cat({kBosId}, tgt));
        QCOMPARE(e.tgt_out, cat(tgt, {kEosId}));
        QCOMPARE(d.valid.examples.size(), size_t(1));
        QVERIFY(d.test.examples.empty());
        QCOMPARE(d.train.src_tokens, int64_t(4 + 3));
        QVERIFY2(log.all().find("2 training pairs") != std::string::npos, log.all().c_str());
    }

    void sharedTokenizerCoversBothSides() {
        write_pairs("s.", "a b\n", "C D\n");
        ExperimentConfig c = word_config("s.");
        Logged log;
        const PreparedData d = prepare_data(c, log.sink());
        QCOMPARE(d.src_tokenizer, d.tgt_tokenizer);
        QCOMPARE(d.src_tokenizer->vocab_size(), 4 + 4);
    }

    void longTrainingPairsAreSkippedAndCounted() {
        // Limits count EOS / BOS: with max 4, three words fit and four do not.
        write_pairs("l.", "a b c\na b c d\na\nb b b b b\n", "x\nx\nx y z w\nx\n", "a b c d e\na\n",
                    "x\nx y z w v\n");
        ExperimentConfig c = word_config("l.");
        c.data.max_src_len = 4;
        c.data.max_tgt_len = 4;
        Logged log;
        const PreparedData d = prepare_data(c, log.sink());
        QCOMPARE(d.train.examples.size(), size_t(1));
        QCOMPARE(d.train.skipped_too_long, int64_t(3));
        QVERIFY2(log.has(LogLevel::Warning,
                         "skipped 3 of 4 training pairs longer than 4 tokens "
                         "(data.max_src_len, data.max_tgt_len)"),
                 log.all().c_str());
        // Validation pairs are cut, never dropped.
        QCOMPARE(d.valid.examples.size(), size_t(2));
        QCOMPARE(d.valid.truncated, int64_t(2));
        QCOMPARE(d.valid.examples[0].src.size(), size_t(4));
        QCOMPARE(d.valid.examples[0].src.back(), kEosId);
        // A cut target is not charged for an EOS where it was cut: its last prediction is
        // the word that followed ("w" of "x y z w v"); an uncut one still ends with EOS.
        const Example& cut = d.valid.examples[1];
        QCOMPARE(cut.tgt_in.size(), size_t(4));
        QCOMPARE(cut.tgt_out.size(), size_t(4));
        QCOMPARE(cut.tgt_in.front(), kBosId);
        const std::vector<int> first_four = d.tgt_tokenizer->encode("x y z w");
        QCOMPARE(cut.tgt_out, std::vector<int32_t>(first_four.begin(), first_four.end()));
        QCOMPARE(std::vector<int32_t>(cut.tgt_in.begin() + 1, cut.tgt_in.end()),
                 std::vector<int32_t>(cut.tgt_out.begin(), cut.tgt_out.end() - 1));
        QCOMPARE(d.valid.examples[0].tgt_out.back(), kEosId);
        QVERIFY2(log.has(LogLevel::Warning, "truncated 2 of 2 validation pairs to 4 tokens"),
                 log.all().c_str());
    }

    void emptyTrainingPairsAreSkippedAndCounted() {
        write_pairs("e.", "a b\n\nc\n  \n", "x\ny\n\nz\n");
        Logged log;
        const PreparedData d = prepare_data(word_config("e."), log.sink());
        QCOMPARE(d.train.examples.size(), size_t(1));
        QCOMPARE(d.train.skipped_empty, int64_t(3));
        QVERIFY2(log.has(LogLevel::Warning,
                         "skipped 3 of 4 training pairs with an empty source or target line"),
                 log.all().c_str());
    }

    void wordVocabularyLimitsAreLogged() {
        write_pairs("v.", "a a b c\n", "a d\n");
        ExperimentConfig c = word_config("v.");
        c.tokenizer.vocab_size = 6;
        Logged log;
        QCOMPARE(prepare_data(c, log.sink()).src_tokenizer->vocab_size(), 6);
        QVERIFY2(log.has(LogLevel::Info,
                         "word vocabulary: 6 entries from 4 distinct words; 2 more become <unk> "
                         "under tokenizer.vocab_size (6, the 4 reserved ids included)"),
                 log.all().c_str());
        c.tokenizer.vocab_size = 0;
        c.tokenizer.min_freq = 2;
        prepare_data(c, log.sink());
        QVERIFY2(log.has(LogLevel::Info,
                         "word vocabulary: 5 entries from 4 distinct words; 3 seen fewer than "
                         "tokenizer.min_freq (2) times become <unk>"),
                 log.all().c_str());
    }

    void existingSentencePieceModelIsLoaded() {
        std::string train_src, train_tgt;
        for (int i = 0; i < 50; ++i) {
            train_src += "the cat number " + std::to_string(i) + " sits on a mat\n";
            train_tgt += "die Katze Nummer " + std::to_string(i) + " sitzt\n";
        }
        write_pairs("p.", train_src, train_tgt);
        ExperimentConfig c = word_config("p.");
        c.tokenizer.type = TokenizerType::SentencePiece;
        c.tokenizer.vocab_size = 40;
        Logged log;
        const PreparedData trained = prepare_data(c, log.sink());
        const std::string model = m_dir.filePath("p.model").toStdString();
        std::ofstream(model, std::ios::binary) << trained.src_tokenizer->serialize();

        c.tokenizer.model = model;
        c.tokenizer.vocab_size = 9999;  // ignored: the model decides
        const PreparedData loaded = prepare_data(c, log.sink());
        QCOMPARE(loaded.src_tokenizer->vocab_size(), 40);
        QCOMPARE(loaded.train.examples[7].src, trained.train.examples[7].src);
        QVERIFY2(log.has(LogLevel::Info,
                         "loaded sentencepiece model " + model + " (40 pieces) for both sides"),
                 log.all().c_str());

        c.tokenizer.lowercase = true;
        QVERIFY2(
            error_of(c).find("tokenizer.lowercase cannot be combined with tokenizer.model") == 0,
            error_of(c).c_str());
    }

    void lineCountMismatchNamesBothFiles() {
        write_pairs("m.", "a\nb\nc\n", "x\ny\n");
        const std::string dir = m_dir.path().toStdString() + "/";
        QCOMPARE(error_of(word_config("m.")),
                 dir + "m.train.tgt: has 2 lines but " + dir +
                     "m.train.src has 3; parallel files must align line by line");
    }

    void missingFileIsNamed() {
        write_pairs("f.", "a\n", "x\n");
        ExperimentConfig c = word_config("f.");
        c.data.valid_tgt = "nowhere.tgt";
        QCOMPARE(error_of(c), m_dir.path().toStdString() + "/nowhere.tgt: no such file");
    }

    void invalidUtf8NamesFileAndLine() {
        write_pairs("u.", "a\nb\n", "x\ny \xFF\n");
        QCOMPARE(error_of(word_config("u.")),
                 m_dir.path().toStdString() + "/u.train.tgt:2: invalid UTF-8");
    }

    void emptyCorpusAndNoUsablePairAreErrors() {
        write_pairs("z.", "", "");
        const std::string dir = m_dir.path().toStdString() + "/";
        QCOMPARE(error_of(word_config("z.")), dir + "z.train.src: holds no text");
        write_pairs("n.", "a b c d\n", "x\n");
        ExperimentConfig c = word_config("n.");
        c.data.max_src_len = 3;
        QCOMPARE(error_of(c), dir +
                                  "n.train.src: no usable training pair: 1 too long "
                                  "(data.max_src_len 3, data.max_tgt_len 128), 0 with an empty "
                                  "side");
    }

    void unsetFileIsAConfigError() {
        ExperimentConfig c = word_config("q.");
        c.data.valid_src.clear();
        write_pairs("q.", "a\n", "x\n");
        Logged log;
        try {
            prepare_data(c, log.sink());
            QFAIL("no error");
        } catch (const ConfigError& e) {
            QCOMPARE(std::string(e.what()), std::string("data.valid_src is empty: choose a file"));
        }
    }

    void testSplitIsReadWhenGiven() {
        write_pairs("t.", "a b\nc\n", "x\ny\n");
        write("t.test.src", "a\nb\nc\n");
        write("t.test.tgt", "x\ny\n\n");
        ExperimentConfig c = word_config("t.");
        c.data.test_src = "t.test.src";
        c.data.test_tgt = "t.test.tgt";
        Logged log;
        const PreparedData d = prepare_data(c, log.sink());
        QCOMPARE(d.test.examples.size(), size_t(3));  // empty lines kept outside training
        QCOMPARE(d.test.examples[2].tgt_out, std::vector<int32_t>{kEosId});
    }

    void lmWindowsShiftByOne() {
        // Stream: a b c </s> </s> d e </s> (the empty line is a lone EOS).
        write("lm.train", "a b c\n\nd e\n");
        write("lm.valid", "a b\n");
        ExperimentConfig c;
        c.task = Task::LanguageModel;
        c.data.dir = m_dir.path().toStdString();
        c.data.train = "lm.train";
        c.data.valid = "lm.valid";
        c.tokenizer.type = TokenizerType::Word;
        // Window 3: inputs of 3 and 3, the last single token is dropped. Window 5: inputs
        // of 5 and a partial window of 2 that is kept.
        const std::vector<std::pair<int, std::vector<size_t>>> cases = {{3, {3, 3}}, {5, {5, 2}}};
        for (const auto& [window, sizes] : cases) {
            c.data.max_tgt_len = window;
            Logged log;
            const PreparedData d = prepare_data(c, log.sink());
            QCOMPARE(d.src_tokenizer, d.tgt_tokenizer);
            const auto id = [&](const char* w) { return d.tgt_tokenizer->encode(w)[0]; };
            const int32_t E = kEosId;
            const std::vector<int32_t> stream = {id("a"), id("b"), id("c"), E,
                                                 E,       id("d"), id("e"), E};
            QCOMPARE(d.train.examples.size(), sizes.size());
            for (size_t w = 0; w < sizes.size(); ++w) {
                const Example& e = d.train.examples[w];
                const auto from = stream.begin() + static_cast<ptrdiff_t>(w * window);
                const auto n = static_cast<ptrdiff_t>(sizes[w]);
                QVERIFY(e.src.empty());
                QCOMPARE(e.tgt_in, std::vector<int32_t>(from, from + n));
                QCOMPARE(e.tgt_out, std::vector<int32_t>(from + 1, from + 1 + n));
            }
            const PreparedData again = prepare_data_with(c, nullptr, d.tgt_tokenizer, log.sink());
            QCOMPARE(again.train.examples.back().tgt_out, d.train.examples.back().tgt_out);
            // A word-level tokenizer: one token per word, each line's end a word of its own.
            QCOMPARE(d.train.tokens_per_word, 1.0);
            QCOMPARE(d.valid.tokens_per_word, 1.0);
        }
    }

    void lmTokensPerWordCountsPiecesAndLineEnds() {
        std::string text;
        for (int i = 0; i < 60; ++i)
            text += "the unbelievable cat number " + std::to_string(i) + " sits remarkably\n";
        write("sp.train", text);
        write("sp.valid", "the unbelievable catastrophe\n\nremarkably sits\n");
        ExperimentConfig c;
        c.task = Task::LanguageModel;
        c.data.dir = m_dir.path().toStdString();
        c.data.train = "sp.train";
        c.data.valid = "sp.valid";
        c.tokenizer.vocab_size = 40;
        Logged log;
        const PreparedData d = prepare_data(c, log.sink());
        // Counted independently: pieces + one EOS per line over words + one end per line.
        const std::vector<std::string> lines = {"the unbelievable catastrophe", "",
                                                "remarkably sits"};
        size_t pieces = 0;
        for (const auto& line : lines) pieces += d.tgt_tokenizer->encode(line).size() + 1;
        const double words = 3 + 1 + 0 + 1 + 2 + 1;
        QCOMPARE(d.valid.tokens_per_word, double(pieces) / words);
        QVERIFY2(d.valid.tokens_per_word > 1.5, std::to_string(d.valid.tokens_per_word).c_str());
    }

    void syntheticReverseTaskIsReversed() {
        ExperimentConfig c;
        c.data.synthetic = Synthetic::Reverse;
        c.data.max_src_len = 16;
        c.data.max_tgt_len = 16;
        c.tokenizer.type = TokenizerType::Word;
        c.tokenizer.vocab_size = 0;
        c.train.seed = 7;
        Logged log;
        const PreparedData d = prepare_data(c, log.sink());
        QCOMPARE(d.train.examples.size(), size_t(20000));
        QCOMPARE(d.valid.examples.size(), size_t(500));
        QCOMPARE(d.test.examples.size(), size_t(500));
        QCOMPARE(d.train.skipped_too_long, int64_t(0));
        QCOMPARE(d.src_tokenizer->vocab_size(), 4 + static_cast<int>(reverse_task_words().size()));
        size_t shortest = 99, longest = 0;
        for (const auto* corpus : {&d.train, &d.valid, &d.test}) {
            for (const Example& e : corpus->examples) {
                std::vector<int32_t> words(e.src.begin(), e.src.end() - 1);
                shortest = std::min(shortest, words.size());
                longest = std::max(longest, words.size());
                std::reverse(words.begin(), words.end());
                QCOMPARE(std::vector<int32_t>(e.tgt_out.begin(), e.tgt_out.end() - 1), words);
            }
        }
        QCOMPARE(shortest, size_t(3));
        QCOMPARE(longest, size_t(12));
        const RawCorpus same = generate_reverse_task(7);
        QCOMPARE(d.src_tokenizer->decode(
                     {d.train.examples[0].src.begin(), d.train.examples[0].src.end()}),
                 same.train.src[0]);
        QVERIFY(generate_reverse_task(8).train.src != same.train.src);
        QVERIFY(same.valid.src !=
                std::vector<std::string>(same.train.src.begin(), same.train.src.begin() + 500));
    }

    void preparedWithExistingTokenizersEncodesTheSame() {
        write_pairs("w.", "a b c\nb c\n", "c b a\nc b\n");
        ExperimentConfig c = word_config("w.");
        Logged log;
        const PreparedData first = prepare_data(c, log.sink());
        const auto restored = deserialize_tokenizer("word", first.src_tokenizer->serialize());
        const PreparedData again = prepare_data_with(c, restored, restored, log.sink());
        QCOMPARE(again.train.examples.size(), first.train.examples.size());
        for (size_t i = 0; i < first.train.examples.size(); ++i)
            QCOMPARE(again.train.examples[i].src, first.train.examples[i].src);
    }

    void multi30kWithSharedBpe() {
        const std::string dir = std::string(TFW_SHARED_DATA_DIR) + "/multi30k";
        if (!QFileInfo::exists(QString::fromStdString(dir + "/train.en.gz")))
            QSKIP("Multi30k is not in TFW_SHARED_DATA_DIR");
        ExperimentConfig c;
        c.data.dir = dir;
        c.data.train_src = "train.en.gz";
        c.data.train_tgt = "train.de.gz";
        c.data.valid_src = "val.en";
        c.data.valid_tgt = "val.de";
        c.data.test_src = "test2016.en";
        c.data.test_tgt = "test2016.de";
        c.data.max_src_len = 100;
        c.data.max_tgt_len = 100;
        c.tokenizer.vocab_size = 8000;
        Logged log;
        QElapsedTimer timer;
        timer.start();
        const PreparedData d = prepare_data(c, log.sink());
        qInfo("Multi30k prepared in %lld ms: %s", static_cast<long long>(timer.elapsed()),
              log.all().c_str());
        QCOMPARE(d.src_tokenizer, d.tgt_tokenizer);
        QCOMPARE(d.src_tokenizer->vocab_size(), 8000);
        QCOMPARE(
            int64_t(d.train.examples.size()) + d.train.skipped_too_long + d.train.skipped_empty,
            int64_t(29000));
        QVERIFY(d.train.skipped_too_long < 10);
        QCOMPARE(d.valid.examples.size(), size_t(1014));
        QCOMPARE(d.test.examples.size(), size_t(1000));
        const std::string sentence = "A man in an orange hat starring at something.";
        QCOMPARE(d.src_tokenizer->decode(d.src_tokenizer->encode(sentence)), sentence);
    }
};

QTEST_APPLESS_MAIN(TestDataset)
#include "test_dataset.moc"
