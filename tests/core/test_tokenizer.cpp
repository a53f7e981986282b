// Tokenizers: word vocabularies, sentencepiece training / loading, serialization, lowercase.
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <fstream>

#include "core/config/config_error.h"
#include "core/data/data_error.h"
#include "core/data/sentencepiece_module.h"
#include "core/data/sentencepiece_tokenizer.h"
#include "core/data/text_case.h"
#include "core/data/word_tokenizer.h"
#include "tests/core/template_sentences.h"

using namespace tfw;
using test::bpe;
using test::english_sentences;

class TestTokenizer : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    const std::vector<std::string> m_english = english_sentences();

  private Q_SLOTS:
    void wordVocabularyRanksByFrequencyThenWord() {
        const std::vector<std::string> text = {"b a c", "a b", "a d d"};
        const auto tok = WordTokenizer::train({&text}, {});
        QCOMPARE(tok->vocab_size(), 8);
        const std::vector<std::string> expected = {"<pad>", "<unk>", "<s>", "</s>",
                                                   "a",     "b",     "d",   "c"};
        for (int id = 0; id < tok->vocab_size(); ++id) QCOMPARE(tok->piece(id), expected[id]);
        QCOMPARE(tok->encode("  a\tc  zebra "), (std::vector<int>{4, 7, kUnkId}));
    }

    void wordMinFreqAndCap() {
        const std::vector<std::string> text = {"a a a b b c", "d d e"};
        WordTokenizer::Options options;
        options.min_freq = 2;
        QCOMPARE(WordTokenizer::train({&text}, options)->vocab_size(), 4 + 3);  // a b d
        options.max_size = 5;  // reserved ids count towards the cap
        const auto capped = WordTokenizer::train({&text}, options);
        QCOMPARE(capped->vocab_size(), 5);
        QCOMPARE(capped->piece(4), std::string("a"));
        QCOMPARE(capped->encode("b"), std::vector<int>{kUnkId});
    }

    void wordUnkInDataIsTheReservedId() {
        const std::vector<std::string> text = {"the <unk> sat", "<unk> <unk> ran"};
        const auto tok = WordTokenizer::train({&text}, {});
        QCOMPARE(tok->vocab_size(), 4 + 3);
        QCOMPARE(tok->encode("<unk> sat")[0], kUnkId);
    }

    // Reserved pieces written in the text are words like any other unknown one: they never
    // turn into padding, BOS or EOS.
    void wordLiteralControlPiecesAreNotControlIds() {
        const std::vector<std::string> text = {"a <s> b </s> c <pad>"};
        const auto tok = WordTokenizer::train({&text}, {});
        QCOMPARE(tok->vocab_size(), 4 + 3);
        QCOMPARE(
            tok->encode("<s> a </s> <pad> b"),
            (std::vector<int>{kUnkId, tok->encode("a")[0], kUnkId, kUnkId, tok->encode("b")[0]}));
    }

    void wordLowercaseAppliesInTrainingAndEncoding() {
        const std::vector<std::string> text = {"Äpfel und BIRNEN", "äpfel und Birnen"};
        WordTokenizer::Options options;
        options.lowercase = true;
        const auto tok = WordTokenizer::train({&text}, options);
        QCOMPARE(tok->vocab_size(), 4 + 3);
        QCOMPARE(tok->encode("ÄPFEL Birnen"), tok->encode("äpfel birnen"));
        QVERIFY(!tok->encode("Äpfel").empty() && tok->encode("Äpfel")[0] != kUnkId);
    }

    void wordDecodeJoinsWithSpacesAndSkipsReserved() {
        const std::vector<std::string> text = {"red fish blue fish"};
        const auto tok = WordTokenizer::train({&text}, {});
        std::vector<int> ids = tok->encode("blue  fish red");
        ids.insert(ids.begin(), kBosId);
        ids.push_back(kEosId);
        ids.push_back(kPadId);
        QCOMPARE(tok->decode(ids), std::string("blue fish red"));
        QCOMPARE(tok->decode(tok->encode("red cow")), std::string("red <unk>"));
        QCOMPARE(tok->pieces("red cow"), (std::vector<std::string>{"red", "<unk>"}));
    }

    void wordSerializationRoundTrips() {
        const std::vector<std::string> text = {"One two", "three TWO"};
        WordTokenizer::Options options;
        options.lowercase = true;
        const auto tok = WordTokenizer::train({&text}, options);
        const auto back = deserialize_tokenizer("word", tok->serialize());
        QCOMPARE(back->type_name(), std::string("word"));
        QCOMPARE(back->vocab_size(), tok->vocab_size());
        QCOMPARE(back->encode("THREE two four"), tok->encode("THREE two four"));
        QCOMPARE(back->serialize(), tok->serialize());
    }

    void wordDeserializeRejectsOtherBytes() {
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, deserialize_tokenizer("word", "a\nb\n"));
        QVERIFY_THROWS_EXCEPTION(
            std::runtime_error,
            deserialize_tokenizer("word", "tfw-word-vocab 1 lowercase=0\n<pad>\n<s>\n"));
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, deserialize_tokenizer("bytes", ""));
    }

    void sentencePieceRoundTripsText() {
        for (const auto type : {SubwordModel::Bpe, SubwordModel::Unigram}) {
            auto options = bpe(70);
            options.model_type = type;
            const auto tok = SentencePieceTokenizer::train({&m_english}, options);
            QCOMPARE(tok->vocab_size(), 70);
            for (const auto& line :
                 {m_english[0], m_english[77], std::string("A cat is outside.")}) {
                const auto ids = tok->encode(line);
                QVERIFY(!ids.empty());
                QCOMPARE(tok->decode(ids), line);
            }
        }
    }

    void sentencePieceReservesIdsZeroToThree() {
        const auto tok = SentencePieceTokenizer::train({&m_english}, bpe(100));
        QCOMPARE(tok->piece(kPadId), std::string("<pad>"));
        QCOMPARE(tok->piece(kUnkId), std::string("<unk>"));
        QCOMPARE(tok->piece(kBosId), std::string("<s>"));
        QCOMPARE(tok->piece(kEosId), std::string("</s>"));
        for (const int id : tok->encode(m_english[5])) QVERIFY(id > kEosId);
        QCOMPARE(tok->encode("日")[1], kUnkId);  // "▁" then the unseen character
        std::vector<int> ids = tok->encode("A dog.");
        ids.insert(ids.begin(), kBosId);
        ids.push_back(kEosId);
        QCOMPARE(tok->decode(ids), std::string("A dog."));
        // An unknown piece is shown as sentencepiece shows it, not dropped.
        const std::vector<int> with_unk = tok->encode("A 日 dog.");
        QVERIFY(std::count(with_unk.begin(), with_unk.end(), kUnkId) == 1);
        const std::string decoded = tok->decode(with_unk);
        QVERIFY2(decoded.find("\u2047") != std::string::npos &&
                     decoded.find("dog.") != std::string::npos,
                 decoded.c_str());
    }

    void sentencePieceTrainingIsDeterministic() {
        const auto a = SentencePieceTokenizer::train({&m_english}, bpe(100));
        const auto b = SentencePieceTokenizer::train({&m_english}, bpe(100));
        QCOMPARE(a->serialize(), b->serialize());
    }

    void sentencePieceSerializationAndModelFileLoad() {
        const auto tok = SentencePieceTokenizer::train({&m_english}, bpe(100));
        const auto back = deserialize_tokenizer("sentencepiece", tok->serialize());
        QCOMPARE(back->encode(m_english[42]), tok->encode(m_english[42]));
        const std::string path = m_dir.filePath("spm.model").toStdString();
        std::ofstream(path, std::ios::binary) << tok->serialize();
        const auto loaded = SentencePieceTokenizer::load(path);
        QCOMPARE(loaded->vocab_size(), 100);
        QCOMPARE(loaded->encode(m_english[42]), tok->encode(m_english[42]));
        QCOMPARE(loaded->pieces("A dog"), tok->pieces("A dog"));
    }

    void sentencePieceRejectsBadModels() {
        const std::string garbage = m_dir.filePath("garbage.model").toStdString();
        std::ofstream(garbage) << "not a model";
        try {
            SentencePieceTokenizer::load(garbage);
            QFAIL("no error");
        } catch (const DataError& e) {
            QCOMPARE(e.file(), garbage);
        }
        try {
            SentencePieceTokenizer::load("/no/such.model");
            QFAIL("no error");
        } catch (const DataError& e) {
            QCOMPARE(std::string(e.what()),
                     std::string("/no/such.model: cannot open sentencepiece model"));
        }
        // A model trained with sentencepiece's default ids (unk 0, bos 1, eos 2, no pad).
        const std::string proto = spm::sentencepiece_module().train(
            {{"vocab_size", "60"}, {"minloglevel", "2"}}, {&m_english});
        try {
            deserialize_tokenizer("sentencepiece", proto);
            QFAIL("no error");
        } catch (const std::runtime_error& e) {
            QVERIFY2(std::string(e.what()).find("ids 0..3") != std::string::npos, e.what());
        }
    }

    // Found by fuzz/fuzz_sentencepiece: a model holding a piece that starts with a NUL byte made
    // sentencepiece's trie builder throw its own exception type ("zero-length key"), which
    // escaped the std::runtime_error that callers catch.
    void sentencePieceRejectsModelWithNulPiece() {
        auto options = bpe(70);
        options.model_type = SubwordModel::Unigram;
        std::string proto = SentencePieceTokenizer::train({&m_english}, options)->serialize();
        // One more ModelProto.pieces entry (field 1): piece "\0x" (field 1), score 0 (field 2).
        proto += std::string("\x0a\x09\x0a\x02\x00x\x15\x00\x00\x00\x00", 11);
        try {
            deserialize_tokenizer("sentencepiece", proto);
            QFAIL("no error");
        } catch (const std::runtime_error& e) {
            QVERIFY2(std::string(e.what()).find("not a sentencepiece model") != std::string::npos,
                     e.what());
        }
        const std::string path = m_dir.filePath("nul-piece.model").toStdString();
        std::ofstream(path, std::ios::binary) << proto;
        try {
            SentencePieceTokenizer::load(path);
            QFAIL("no error");
        } catch (const DataError& e) {
            QCOMPARE(e.file(), path);
        }
    }

    void sentencePieceVocabularyTooLargeNamesTheLimit() {
        try {
            SentencePieceTokenizer::train({&m_english}, bpe(5000));
            QFAIL("no error");
        } catch (const ConfigError& e) {
            const std::string message = e.what();
            QVERIFY2(message.find("tokenizer.vocab_size (5000) is more than the training text "
                                  "supports: it fills at most ") == 0,
                     e.what());
            // The suggested size really trains.
            const auto at = message.find("at most ") + 8;
            const int limit = std::stoi(message.substr(at));
            QVERIFY(limit > 100 && limit < 5000);
            QCOMPARE(SentencePieceTokenizer::train({&m_english}, bpe(limit))->vocab_size(), limit);
        }
    }

    void sentencePieceVocabularyTooSmallForTheCharacters() {
        const std::vector<std::string> text = {
            "abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ"};
        try {
            SentencePieceTokenizer::train({&text}, bpe(16));
            QFAIL("no error");
        } catch (const ConfigError& e) {
            // 52 letters, the word-boundary mark and 4 reserved ids.
            QCOMPARE(std::string(e.what()),
                     std::string("tokenizer.vocab_size (16) is too small for the training text: "
                                 "its characters and the 4 reserved ids need at least 57 pieces"));
        }
    }

    void sentencePieceLowercaseIsPartOfTheModel() {
        auto options = bpe(100);
        options.lowercase = true;
        const auto tok = SentencePieceTokenizer::train({&m_english}, options);
        QCOMPARE(tok->encode("A MAN is Outside."), tok->encode("a man is outside."));
        QCOMPARE(tok->decode(tok->encode("The Cat")), std::string("the cat"));
        const auto back = deserialize_tokenizer("sentencepiece", tok->serialize());
        QCOMPARE(back->encode("THE CAT"), tok->encode("the cat"));
    }

    void lowercasesBeyondAscii() {
        QCOMPARE(to_lower_utf8("ÄÖÜ École ŽĄ ΩΣ ПРИВЕТ Ё x€Y"),
                 std::string("äöü école žą ωσ привет ё x€y"));
    }
};

QTEST_APPLESS_MAIN(TestTokenizer)
#include "test_tokenizer.moc"
