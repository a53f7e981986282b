// Turning upstream files into the presets' text exactly as the Python reference does: BPE marks
// deleted, whitespace collapsed as str.split() does, reference lists written as json.dumps,
// records to one line each, Python literals read as ast.literal_eval.
#include <QtTest>

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "core/fetch/file_conversion.h"
#include "core/fetch/python_literal.h"
#include "core/fetch/python_text.h"
#include "core/fetch/record_conversion.h"
#include "tests/core/data_mirror.h"

using namespace tfw;
using namespace tfw::test;

class TestFileConversion : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void bpe_marks_are_deleted() {
        QCOMPARE(strip_bpe_marks("ein bei@@ spiel@@ haf@@ ter satz ."),
                 std::string("ein beispielhafter satz ."));
        QCOMPARE(strip_bpe_marks("no marks @@"), std::string("no marks @@"));
    }

    void whitespace_collapses_as_python_splits() {
        std::string spaced, expected = "a";
        for (const std::string& space : kOtherSpaces) spaced += "a" + space + " ";
        for (std::size_t i = 1; i < kOtherSpaces.size(); ++i) expected += " a";
        QCOMPARE(collapse_whitespace(spaced + "\xe3\x80\x80"), expected);
        // Not whitespace to Python: zero-width space, word joiner, BOM, Mongolian vowel
        // separator; nor are other characters that share a lead byte with whitespace.
        const std::string kept =
            "x\xe2\x80\x8by\xe2\x81\xa0z\xef\xbb\xbf\xe1\xa0\x8e\xc2\xa9\xe2\x80\x94";
        QCOMPARE(collapse_whitespace(kept), kept);
        QCOMPARE(collapse_whitespace(""), std::string());
        QCOMPARE(collapse_whitespace(" \xc2\xa0\n"), std::string());
    }

    void reference_lists_are_written_as_python_json_dumps() {
        QCOMPARE(python_json_list({}), std::string("[]"));
        const std::string controls("\x01\x08\x1b\0", 4);
        QCOMPARE(python_json_list(
                     {R"(a "b" \ c)", "\xc3\xa9 \xe2\x80\x9cq\xe2\x80\x9d / \x7f", controls}),
                 std::string(R"(["a \"b\" \\ c", ")") +
                     "\xc3\xa9 \xe2\x80\x9cq\xe2\x80\x9d / \x7f" + R"(", "\u0001\b\u001b\u0000"])");
    }

    void records_give_one_line_each() {
        const nlohmann::json record = nlohmann::json::parse(
            R"({"source": ["One\u00a0 sentence. ", "", "\u3000Two."], "target": [" A\tB", "C  D"]})");
        QCOMPARE(record_line(record, {"source"}), std::string("One sentence. Two."));
        QCOMPARE(record_line(record, {"target", RecordField::Take::First}), std::string("A B"));
        QCOMPARE(record_line(record, {"target", RecordField::Take::All}),
                 std::string(R"(["A B", "C D"])"));
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, record_line(record, {"summary"}));
        const nlohmann::json no_list = {{"target", "text"}};
        QVERIFY_THROWS_EXCEPTION(std::runtime_error,
                                 record_line(no_list, {"target", RecordField::Take::First}));
    }

    void python_literals_are_read_as_literal_eval_does() {
        const nlohmann::json record = parse_python_literal(
            R"({'fname': 'train_0', "dialogue": "#Person1#: I'm \"in\".\n#Person2#: \\ok\t" 'too',)"
            R"( 'codes': ['\x41\u00e9\U0001F600\101\0', '\q\'', "caf)"
            "\xc3\xa9"
            R"("], 'fname': 'x'})");
        QCOMPARE(record["fname"].get<std::string>(), std::string("x"));
        QCOMPARE(record["dialogue"].get<std::string>(),
                 std::string("#Person1#: I'm \"in\".\n#Person2#: \\ok\ttoo"));
        QCOMPARE(record["codes"][0].get<std::string>(), std::string("A\xc3\xa9\xf0\x9f\x98\x80"
                                                                    "A") +
                                                            std::string(1, '\0'));
        QCOMPARE(record["codes"][1].get<std::string>(), std::string("\\q'"));
        QCOMPARE(record["codes"][2].get<std::string>(), std::string("caf\xc3\xa9"));
        for (const char* bad : {"{'a': 1}", "{'a': 'b'", "['''x''']", "{'a': r'b'}", R"('\ud800')",
                                "'a' x", "{'a' 'b'}", R"('\N{DASH}')"})
            QVERIFY_THROWS_EXCEPTION(std::runtime_error, parse_python_literal(bad));
    }
};

QTEST_APPLESS_MAIN(TestFileConversion)
#include "test_file_conversion.moc"
