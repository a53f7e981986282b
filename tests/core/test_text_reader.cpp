// Reading corpora: plain and gzip, line ends, and errors that name file and line.
#include <zlib.h>
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

#include "core/data/data_error.h"
#include "core/data/text_reader.h"

using namespace tfw;

class TestTextReader : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    std::string write(const char* name, const std::string& bytes) {
        const std::string path = m_dir.filePath(name).toStdString();
        std::ofstream(path, std::ios::binary) << bytes;
        return path;
    }

  private Q_SLOTS:
    void readsLinesKeepingSpacesAndEmptyLines() {
        const auto lines = read_text_lines(write("a.txt", " a  b \n\nc\r\nlast"));
        QCOMPARE(lines.size(), size_t(4));
        QCOMPARE(lines[0], std::string(" a  b "));
        QCOMPARE(lines[1], std::string());
        QCOMPARE(lines[2], std::string("c"));
        QCOMPARE(lines[3], std::string("last"));
    }

    // Windows editors start a UTF-8 file with a byte order mark; it was read as part of the
    // first word ("\uFEFFa" a token of its own).
    void aByteOrderMarkIsNoPartOfTheFirstLine() {
        const std::string bom = "\xEF\xBB\xBF";
        const auto lines = read_text_lines(write("bom.txt", bom + "a b\r\n" + bom + "c\n"));
        QCOMPARE(lines.size(), size_t(2));
        QCOMPARE(lines[0], std::string("a b"));
        QCOMPARE(lines[1], bom + "c");  // only the file's first bytes
    }

    void readsGzipByContent() {
        const std::string path = m_dir.filePath("b.gz").toStdString();
        gzFile out = gzopen(path.c_str(), "wb");
        const std::string text = "Grüße\nzwei\n";
        gzwrite(out, text.data(), static_cast<unsigned>(text.size()));
        gzclose(out);
        const auto lines = read_text_lines(path);
        QCOMPARE(lines.size(), size_t(2));
        QCOMPARE(lines[0], std::string("Grüße"));
    }

    // A gzip file cut short (a partial download) is an error naming the file, not a corpus
    // that silently lacks its end.
    void truncatedGzipIsAnError() {
        const std::string whole = m_dir.filePath("whole.gz").toStdString();
        gzFile out = gzopen(whole.c_str(), "wb");
        std::string text;
        for (int i = 0; i < 2000; ++i) text += "line " + std::to_string(i) + "\n";
        gzwrite(out, text.data(), static_cast<unsigned>(text.size()));
        gzclose(out);
        QCOMPARE(read_text_lines(whole).size(), size_t(2000));
        std::ifstream in(whole, std::ios::binary);
        const std::string bytes((std::istreambuf_iterator<char>(in)), {});
        const std::string cut = write("cut.gz", bytes.substr(0, bytes.size() / 2));
        try {
            read_text_lines(cut);
            QFAIL("no error");
        } catch (const DataError& e) {
            QVERIFY2(std::string(e.what()).find(cut) == 0, e.what());
            QVERIFY2(std::string(e.what()).find("ends early") != std::string::npos, e.what());
        }
    }

    void invalidUtf8NamesFileAndLine() {
        const std::string path = write("bad.txt", "ok\nfine\nbad \xC3\x28 byte\n");
        try {
            read_text_lines(path);
            QFAIL("no error");
        } catch (const DataError& e) {
            QCOMPARE(e.line(), int64_t(3));
            QCOMPARE(std::string(e.what()), path + ":3: invalid UTF-8");
        }
    }

    void missingFileIsNamed() {
        try {
            read_text_lines("/no/such/corpus.txt");
            QFAIL("no error");
        } catch (const DataError& e) {
            QCOMPARE(std::string(e.what()), std::string("/no/such/corpus.txt: no such file"));
        }
    }

    void utf8Validation() {
        QVERIFY(is_valid_utf8("plain ascii"));
        QVERIFY(is_valid_utf8("日本語 ü €"));
        QVERIFY(!is_valid_utf8("\xC0\xAF"));          // overlong
        QVERIFY(!is_valid_utf8("\xED\xA0\x80"));      // surrogate
        QVERIFY(!is_valid_utf8("\xE2\x82"));          // truncated
        QVERIFY(!is_valid_utf8("\xF4\x90\x80\x80"));  // past U+10FFFF
    }
};

QTEST_APPLESS_MAIN(TestTextReader)
#include "test_text_reader.moc"
