#pragma once
// A mirror of the presets' upstream files made from the shared data folder, and the loopback
// file server (tests/tools/range_http_server.py) that serves it: the download tests fetch from
// it, nothing from anywhere else.
//
// The summarization sets' upstream records are made back from the shared files, so their
// conversion is checked against that reverse, not against the real upstream: how the real
// abstracts were split into sentences, for one, is unknown here.
#include <zlib.h>
#include <QProcess>
#include <QStandardPaths>
#include <QString>
#include <QStringList>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "core/fetch/dataset_catalog.h"
#include "core/fetch/python_text.h"

namespace tfw::test {

namespace fs = std::filesystem;

inline const fs::path kShared = TFW_SHARED_DATA_DIR;

inline bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

inline std::string read_text(const fs::path& path) {  // gzip or plain
    gzFile in = gzopen(path.c_str(), "rb");
    std::string text;
    char buffer[1 << 16];
    for (int got; in && (got = gzread(in, buffer, sizeof buffer)) > 0;) text.append(buffer, got);
    if (in) gzclose(in);
    return text;
}

inline void write_file(const fs::path& path, const std::string& bytes, bool gzip) {
    fs::create_directories(path.parent_path());
    if (!gzip) {
        std::ofstream(path, std::ios::binary) << bytes;
        return;
    }
    gzFile out = gzopen(path.c_str(), "wb");
    gzwrite(out, bytes.data(), static_cast<unsigned>(bytes.size()));
    gzclose(out);
}

// Segments words longer than five characters as subword-nmt does ("transl@@ ation").
inline std::string with_bpe_marks(const std::string& text) {
    std::string out, word;
    const auto flush = [&] {
        out += word.size() > 5 ? word.substr(0, 3) + "@@ " + word.substr(3) : word;
        word.clear();
    };
    for (char c : text) {
        if (c == ' ' || c == '\n') {
            flush();
            out += c;
        } else {
            word += c;
        }
    }
    flush();
    return out;
}

inline std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

// What Python's str.split() splits on besides the ASCII space, as UTF-8.
inline const std::vector<std::string> kOtherSpaces = {
    "\t",           "\n",           "\v",           "\f",           "\r",           "\x1c",
    "\x1d",         "\x1e",         "\x1f",         "\xc2\x85",     "\xc2\xa0",     "\xe1\x9a\x80",
    "\xe2\x80\x80", "\xe2\x80\x81", "\xe2\x80\x82", "\xe2\x80\x83", "\xe2\x80\x84", "\xe2\x80\x85",
    "\xe2\x80\x86", "\xe2\x80\x87", "\xe2\x80\x88", "\xe2\x80\x89", "\xe2\x80\x8a", "\xe2\x80\xa8",
    "\xe2\x80\xa9", "\xe2\x80\xaf", "\xe2\x81\x9f", "\xe3\x80\x80"};

inline std::string space(std::size_t k) {
    return kOtherSpaces[k % kOtherSpaces.size()];
}

// A collapsed text with whitespace runs put back around it and in place of its first space.
inline std::string spread_out(const std::string& text, std::size_t k) {
    std::string out = text;
    const std::size_t first_space = out.find(' ');
    if (first_space != std::string::npos)
        out.replace(first_space, 1, space(k + 1) + " " + space(k + 2));
    return space(k) + out + space(k + 3) + space(k + 4);
}

// An abstract as a list of sentences ("A. B." gives ["A.", "B."]), spread out, sometimes
// with an empty sentence: joined with one space and collapsed it is `text` again.
inline nlohmann::json sentences(const std::string& text, std::size_t k) {
    nlohmann::json list = nlohmann::json::array();
    std::size_t start = 0;
    for (std::size_t end; (end = text.find(". ", start)) != std::string::npos; start = end + 2)
        list.push_back(spread_out(text.substr(start, end + 1 - start), k + list.size()));
    list.push_back(spread_out(text.substr(start), k + list.size()));
    if (k % 7 == 0) list.push_back("");
    return list;
}

// A DialogSum dialogue as upstream has it, one turn ("#Person2#: ...") per line.
inline std::string with_turn_lines(std::string text) {
    for (std::size_t at = 0; (at = text.find(" #Person", at)) != std::string::npos; ++at)
        text[at] = '\n';
    return text;
}

// The records one upstream file of records holds, made back from the files it gives.
inline std::vector<nlohmann::json> records_back(const Dataset& dataset, const std::string& url) {
    std::vector<nlohmann::json> records;
    for (const DatasetFile& file : dataset.files) {
        if (file.url != url) continue;
        const std::vector<std::string> lines = lines_of(read_text(kShared / file.target));
        records.resize(lines.size(), nlohmann::json::object());
        for (std::size_t i = 0; i < lines.size(); ++i) {
            nlohmann::json& value = records[i][file.field.name];
            switch (file.field.take) {
                case RecordField::Take::Text:  // SciTLDR's abstracts are lists, the rest strings
                    value = file.field.name == "source"
                                ? sentences(lines[i], i)
                                : nlohmann::json(spread_out(with_turn_lines(lines[i]), i));
                    break;
                case RecordField::Take::First:  // the whole list, when there is one, wins
                    if (value.is_null()) value = {spread_out(lines[i], i)};
                    break;
                case RecordField::Take::All:
                    value = nlohmann::json::array();
                    for (const nlohmann::json& text : nlohmann::json::parse(lines[i]))
                        value.push_back(spread_out(text.get<std::string>(), i + value.size()));
                    break;
            }
        }
    }
    return records;
}

// JSON lines, or for a member of an archive a zip of Python dict literals (Python's own repr).
inline void write_records(const Dataset& dataset, const DatasetFile& file, const fs::path& path) {
    std::string text;
    for (const nlohmann::json& record : records_back(dataset, file.url))
        text += record.dump() + "\n";
    if (file.field.archive_member.empty()) return write_file(path, text, false);
    const fs::path records = path.string() + ".records.jsonl";
    write_file(records, text, false);
    QProcess::execute(QStandardPaths::findExecutable("python3"),
                      {QStringLiteral(TFW_TEST_DATA_DIR "/../tools/zip_python_literals.py"),
                       QString::fromStdString(path.string()),
                       QString::fromStdString(file.field.archive_member + "=" + records.string())});
    fs::remove(records);
}
// The upstream form of each downloadable file, as MIRROR/<dataset>/<upstream name>.
inline void make_mirror(const fs::path& mirror) {
    for (const Dataset& dataset : dataset_catalog()) {
        for (const DatasetFile& file : dataset.files) {
            const fs::path upstream = mirror / dataset.name / file.upstream_name();
            if (file.conversion == FileConversion::Records) {
                if (!fs::exists(upstream)) write_records(dataset, file, upstream);
                continue;
            }
            const std::string text = read_text(kShared / file.target);
            switch (file.conversion) {
                case FileConversion::Copy:
                case FileConversion::Gzip:
                    write_file(upstream, text, false);
                    break;
                case FileConversion::Gunzip:
                case FileConversion::KeepGzip:
                    write_file(upstream, text, true);
                    break;
                case FileConversion::StripBpeMarks:
                    write_file(upstream, with_bpe_marks(text), false);
                    break;
                case FileConversion::Records:
                    break;
            }
        }
    }
}

// The loopback file server, for the life of the object.
class FileServer {
  public:
    enum class Ranges { Served, Ignored };
    explicit FileServer(const fs::path& root, const fs::path& log, int drop_after = -1,
                        Ranges ranges = Ranges::Served) {
        QStringList arguments{QStringLiteral(TFW_TEST_DATA_DIR "/../tools/range_http_server.py"),
                              "--root", QString::fromStdString(root.string()), "--log",
                              QString::fromStdString(log.string())};
        if (drop_after >= 0) arguments << "--drop-after" << QString::number(drop_after);
        if (ranges == Ranges::Ignored) arguments << "--ignore-range";
        process_.start(QStandardPaths::findExecutable("python3"), arguments);
        if (process_.waitForReadyRead(10000)) {
            const QByteArray line = process_.readLine().trimmed();
            if (line.startsWith("PORT ")) port_ = line.mid(5).toInt();
        }
    }
    ~FileServer() {
        process_.kill();
        process_.waitForFinished(5000);
    }
    int port() const { return port_; }
    QString url() const { return QStringLiteral("http://127.0.0.1:%1/").arg(port_); }

  private:
    QProcess process_;
    int port_ = 0;
};

}  // namespace tfw::test
