// The safetensors format (docs/interop.md): what we write the Python package reads and what it
// writes we read, bit for bit; damaged files are refused with clear errors; the length-prefixed
// JSON header safetensors files and checkpoints share is read the same way for both.
#include <QTemporaryDir>
#include <QtTest>

#include <ATen/ATen.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "core/io/json_header.h"
#include "core/io/safetensors.h"
#include "tests/core/python_runner.h"
#include "tests/core/test_support.h"

using namespace tfw;
using test::CliRun;
using test::run_python;
namespace fs = std::filesystem;

namespace {

const QString kInteropPython = QStringLiteral(TFW_INTEROP_PYTHON);

QString qs(const std::string& text) {
    return QString::fromStdString(text);
}

// A safetensors file written byte by byte: header text, then data.
void write_raw(const std::string& path, const std::string& header, const std::string& data) {
    std::ofstream out(path, std::ios::binary);
    const uint64_t length = header.size();
    for (int i = 0; i < 8; ++i) out.put(static_cast<char>((length >> (8 * i)) & 0xff));
    out << header << data;
}

// The message read_safetensors throws for path, or "" when it reads the file.
std::string read_error(const std::string& path) {
    try {
        read_safetensors(path);
    } catch (const SafetensorsError& e) {
        return e.what();
    }
    return "";
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

// The fault read_json_header reports for bytes, or nullopt when it reads them.
std::optional<JsonHeaderFault> header_fault(const std::string& bytes, uint64_t max_length = 1000) {
    std::istringstream in(bytes);
    try {
        read_json_header(in, bytes.size(), 2, max_length);
    } catch (const JsonHeaderError& e) {
        return e.fault;
    }
    return std::nullopt;
}

}  // namespace

class TestSafetensors : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    std::string path(const std::string& name) const {
        return (fs::path(m_dir.path().toStdString()) / name).string();
    }

  private Q_SLOTS:
    // What write_safetensors writes, the safetensors package reads (names, dtypes, shapes,
    // metadata), and what it writes back, read_safetensors reads bit for bit.
    void safetensorsRoundTripThroughPython() {
        REQUIRE_PYTHON(kInteropPython, "--interop");
        at::manual_seed(2);
        const NamedTensors tensors = {{"decoder.weight", at::randn({3, 5})},
                                      {"half", at::randn({4}).to(at::kHalf)},
                                      {"bfloat", at::randn({2, 2}).to(at::kBFloat16)},
                                      {"double", at::randn({1}, at::kDouble)},
                                      {"ids", at::arange(6, at::kLong).view({2, 3})},
                                      {"flags", at::rand({5}).gt(0.5)},
                                      {"scalar", at::full({}, 7.5)},
                                      {"empty", at::empty({0, 4})}};
        const std::string ours = path("ours.safetensors"), theirs = path("theirs.safetensors");
        write_safetensors(ours, tensors, {{"format", "pt"}, {"note", "Grüße"}});
        const QString script = QStringLiteral(
            "import json, sys\n"
            "from safetensors import safe_open\n"
            "with safe_open(sys.argv[1], framework='numpy') as f:\n"
            "    print(json.dumps({'metadata': f.metadata(), 'tensors': {name: "
            "[str(f.get_slice(name).get_dtype()), f.get_slice(name).get_shape()] for name in "
            "f.keys()}}))\n");
        const CliRun run = run_python(kInteropPython, {"-c", script, qs(ours)});
        QVERIFY2(run.exit_code == 0, run.err.c_str());
        const auto described = nlohmann::json::parse(run.out);
        QCOMPARE(described.at("metadata").at("note").get<std::string>(), std::string("Grüße"));
        const std::map<std::string, std::string> dtypes = {
            {"decoder.weight", "F32"}, {"half", "F16"}, {"bfloat", "BF16"},
            {"double", "F64"},         {"ids", "I64"},  {"flags", "BOOL"},
            {"scalar", "F32"},         {"empty", "F32"}};
        QCOMPARE(described.at("tensors").size(), tensors.size());
        for (const auto& [name, tensor] : tensors) {
            const auto& entry = described.at("tensors").at(name);
            QCOMPARE(entry[0].get<std::string>(), dtypes.at(name));
            QCOMPARE(entry[1].get<std::vector<int64_t>>(), tensor.sizes().vec());
        }

        // numpy has no bfloat16: the copy back goes through the package's byte-level API.
        const QString copy = QStringLiteral(
            "import ctypes, sys\n"
            "from safetensors import TensorSpec, deserialize, serialize_file\n"
            "names = {'F64': 'float64', 'F32': 'float32', 'F16': 'float16', 'BF16': 'bfloat16',\n"
            "         'I64': 'int64', 'BOOL': 'bool'}\n"
            "buffers, specs = [], {}\n"
            "for name, t in deserialize(open(sys.argv[1], 'rb').read()):\n"
            "    buffers.append(ctypes.create_string_buffer(bytes(t['data']), len(t['data']) + "
            "1))\n"
            "    specs[name] = TensorSpec(dtype=names[t['dtype']], shape=t['shape'],\n"
            "        data_ptr=ctypes.addressof(buffers[-1]), data_len=len(t['data']))\n"
            "serialize_file(specs, sys.argv[2], metadata={'by': 'python'})\n");
        const CliRun copied = run_python(kInteropPython, {"-c", copy, qs(ours), qs(theirs)});
        QVERIFY2(copied.exit_code == 0, copied.err.c_str());
        const SafetensorsContents back = read_safetensors(theirs);
        QCOMPARE(back.metadata.at("by"), std::string("python"));
        QCOMPARE(back.tensors.size(), tensors.size());
        for (const auto& [name, tensor] : tensors) {
            const at::Tensor& read = back.tensors.at(name);
            QCOMPARE(read.scalar_type(), tensor.scalar_type());
            QVERIFY2(read.sizes() == tensor.sizes() && at::equal(read, tensor), name.c_str());
        }
    }

    // Damaged files are refused before anything is allocated, naming the file and the tensor.
    void damagedSafetensorsFilesAreRefused() {
        const std::string good = path("good.safetensors");
        write_safetensors(good, {{"a", at::ones({2})}, {"b", at::ones({3})}});
        QCOMPARE(read_error(good), std::string());

        std::string bytes;
        {
            std::ifstream in(good, std::ios::binary);
            bytes.assign(std::istreambuf_iterator<char>(in), {});
        }
        const std::string truncated = path("truncated.safetensors");
        std::ofstream(truncated, std::ios::binary) << bytes.substr(0, bytes.size() - 4);
        std::string error = read_error(truncated);
        QVERIFY2(
            contains(error, truncated) && contains(error, "'b'") && contains(error, "truncated"),
            error.c_str());

        const std::string short_header = path("short.safetensors");
        std::ofstream(short_header, std::ios::binary) << bytes.substr(0, 20);
        error = read_error(short_header);
        QVERIFY2(contains(error, short_header) && contains(error, "header length"), error.c_str());

        const std::string f32 = R"("dtype": "F32", "shape": [2], "data_offsets": )";
        const std::string data(16, '\0');
        const struct {
            const char* name;
            std::string header;
            std::vector<std::string> expected;
        } cases[] = {
            {"overlap",
             "{\"a\": {" + f32 + "[0, 8]}, \"b\": {" + f32 + "[4, 12]}}",
             {"'b'", "overlaps"}},
            {"gap", "{\"a\": {" + f32 + "[0, 8]}, \"b\": {" + f32 + "[12, 20]}}", {"'b'", "gap"}},
            {"beyond",
             "{\"a\": {" + f32 + "[0, 8]}, \"b\": {" + f32 + "[8, 16]}, \"c\": {" + f32 +
                 "[16, 24]}}",
             {"'c'", "ends at byte 24"}},
            {"left over", "{\"a\": {" + f32 + "[0, 8]}}", {"cover 8 bytes", "holds 16"}},
            {"backwards", "{\"a\": {" + f32 + "[8, 0]}}", {"'a'", "end before they begin"}},
            {"size",
             R"({"a": {"dtype": "F32", "shape": [3], "data_offsets": [0, 16]}})",
             {"'a'", "holds 16 bytes", "need 12"}},
            {"dtype",
             R"({"a": {"dtype": "F8_E4M3", "shape": [16], "data_offsets": [0, 16]}})",
             {"'a'", "F8_E4M3", "not supported"}},
            {"no offsets", R"({"a": {"dtype": "F32", "shape": [4]}})", {"'a'", "data_offsets"}},
            {"not json", "{\"a\": ", {"not valid JSON"}},
        };
        for (const auto& c : cases) {
            const std::string file = path(std::string(c.name) + ".safetensors");
            write_raw(file, c.header, data);
            error = read_error(file);
            QVERIFY2(contains(error, file), c.name);
            for (const std::string& part : c.expected)
                QVERIFY2(contains(error, part), (std::string(c.name) + ": " + error).c_str());
        }
    }

    // The header framing: the length written is the length read, and each way it can be wrong
    // has its own fault for the formats to word.
    void lengthPrefixedJsonHeadersReadBack() {
        const std::string text = R"({"a": [1, 2]})";
        const std::string framed = json_header_length_bytes(text.size()) + text + "DATA";
        QCOMPARE(framed.substr(0, 8), std::string("\x0d\0\0\0\0\0\0\0", 8));
        std::istringstream in(framed);
        const JsonHeader header = read_json_header(in, framed.size(), 2, 1000);
        QCOMPARE(header.text, text);
        QCOMPARE(header.value.at("a").size(), size_t(2));
        std::string rest;
        in >> rest;
        QCOMPARE(rest, std::string("DATA"));  // the stream stops where the data begins

        QCOMPARE(header_fault(framed.substr(0, 5)), JsonHeaderFault::ShortLength);
        QCOMPARE(header_fault(framed.substr(0, 12)), JsonHeaderFault::BadLength);  // cut short
        QCOMPARE(header_fault(framed, 4), JsonHeaderFault::BadLength);  // over the maximum
        QCOMPARE(header_fault(json_header_length_bytes(1) + "{"), JsonHeaderFault::BadLength);
        QCOMPARE(header_fault(json_header_length_bytes(3) + "{\"a"), JsonHeaderFault::NotJson);
        QCOMPARE(header_fault(json_header_length_bytes(3) + "[1]"), JsonHeaderFault::NotObject);
        QVERIFY(!header_fault(json_header_length_bytes(2) + "{}").has_value());
    }
};

QTEST_APPLESS_MAIN(TestSafetensors)
#include "test_safetensors.moc"
