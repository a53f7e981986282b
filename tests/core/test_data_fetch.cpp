// Getting the presets' corpora: `tfw data get` and `tfw data list` end to end against a file
// server on loopback (tests/tools/range_http_server.py) that serves a mirror made from the
// shared data folder. Nothing is downloaded from anywhere else.
#include <zlib.h>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "tests/core/test_support.h"

#include "core/fetch/data_folder.h"
#include "core/fetch/dataset_catalog.h"
#include "core/fetch/dataset_fetch.h"
#include "core/fetch/file_conversion.h"
#include "core/fetch/http_download.h"

using namespace tfw;
namespace fs = std::filesystem;

namespace {

const fs::path kShared = TFW_SHARED_DATA_DIR;

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

std::string read_text(const fs::path& path) {  // gzip or plain
    gzFile in = gzopen(path.c_str(), "rb");
    std::string text;
    char buffer[1 << 16];
    for (int got; in && (got = gzread(in, buffer, sizeof buffer)) > 0;) text.append(buffer, got);
    if (in) gzclose(in);
    return text;
}

void write_file(const fs::path& path, const std::string& bytes, bool gzip) {
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
std::string with_bpe_marks(const std::string& text) {
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

// The upstream form of each downloadable file, as MIRROR/<dataset>/<upstream name>.
void make_mirror(const fs::path& mirror) {
    for (const Dataset& dataset : dataset_catalog()) {
        if (!dataset.downloadable()) continue;
        for (const DatasetFile& file : dataset.files) {
            const std::string text = read_text(kShared / file.target);
            const fs::path upstream = mirror / dataset.name / file.upstream_name();
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

std::vector<nlohmann::json> log_lines(const fs::path& log) {
    std::vector<nlohmann::json> lines;
    std::ifstream in(log);
    for (std::string line; std::getline(in, line);) lines.push_back(nlohmann::json::parse(line));
    return lines;
}

// Files that a finished or failed fetch must not leave behind.
std::vector<std::string> leftovers(const fs::path& dir) {
    std::vector<std::string> found;
    if (!fs::exists(dir)) return found;
    for (const auto& entry : fs::recursive_directory_iterator(dir)) {
        const std::string name = entry.path().filename().string();
        if (name.size() > 4 &&
            (name.substr(name.size() - 4) == ".tmp" || name.substr(name.size() - 5) == ".part"))
            found.push_back(entry.path().string());
    }
    return found;
}

test::CliRun get(const std::string& name, const fs::path& dir, const QString& mirror) {
    return test::run_tfw({"data", "get", QString::fromStdString(name), "--to",
                          QString::fromStdString(dir.string()), "--mirror", mirror, "--yes"});
}

}  // namespace

class DataFetchTest : public QObject {
    Q_OBJECT

    QTemporaryDir m_root;
    fs::path m_mirror;

    // An empty data folder and no log of the server beside it.
    fs::path fresh_dir(const char* name) const {
        const fs::path dir = fs::path(m_root.path().toStdString()) / name;
        fs::remove_all(dir);
        fs::remove(dir.string() + ".log");
        return dir;
    }

  private Q_SLOTS:
    void initTestCase() {
        if (!fs::exists(kShared / "multi30k"))
            QSKIP("the shared data folder (TFW_SHARED_DATA_DIR) is absent");
        if (QStandardPaths::findExecutable("python3").isEmpty()) QSKIP("python3 is needed");
        if (!downloads_available()) QSKIP("tfw was built without libcurl");
        m_mirror = fs::path(m_root.path().toStdString()) / "mirror";
        make_mirror(m_mirror);
    }

    void the_catalog_sums_match_the_shared_copies() {
        for (const Dataset& dataset : dataset_catalog())
            for (const FileStatus& file : dataset_status(dataset, kShared, true))
                QVERIFY2(file.state == FileState::Verified, file.file->target.c_str());
    }

    void bpe_marks_are_deleted() {
        QCOMPARE(strip_bpe_marks("ein bei@@ spiel@@ haf@@ ter satz ."),
                 std::string("ein beispielhafter satz ."));
        QCOMPARE(strip_bpe_marks("no marks @@"), std::string("no marks @@"));
    }

    void get_gives_the_preset_layout_data() {
        QTest::addColumn<QString>("name");
        for (const Dataset& dataset : dataset_catalog())
            if (dataset.downloadable())
                QTest::newRow(dataset.name.c_str()) << QString::fromStdString(dataset.name);
    }
    void get_gives_the_preset_layout() {
        QFETCH(QString, name);
        const Dataset& dataset = *find_dataset(name.toStdString());
        const fs::path dir = fresh_dir("layout");
        const fs::path log = dir.string() + ".log";
        FileServer server(m_mirror, log);
        QVERIFY(server.port() > 0);

        const test::CliRun run = get(dataset.name, dir, server.url());
        QVERIFY2(run.exit_code == 0, (run.out + run.err).c_str());
        QVERIFY(contains(run.out, "licence:  " + dataset.licence));
        QVERIFY(contains(run.out, "cite:     " + dataset.citation));
        for (const FileStatus& file : dataset_status(dataset, dir, true))
            QVERIFY2(file.state == FileState::Verified, file.file->target.c_str());
        QVERIFY(leftovers(dir).empty());
        QCOMPARE(log_lines(log).size(), dataset.files.size());

        // A second run finds everything in place and asks for nothing.
        const test::CliRun again = get(dataset.name, dir, server.url());
        QCOMPARE(again.exit_code, 0);
        QVERIFY(contains(again.out, "already present, verified"));
        QCOMPARE(log_lines(log).size(), dataset.files.size());
    }

    void list_says_what_is_present() {
        const fs::path dir = fresh_dir("list");
        {
            FileServer server(m_mirror, dir.string() + ".log");
            QCOMPARE(get("multi30k", dir, server.url()).exit_code, 0);
        }
        fs::create_directories(dir / "ptb");
        std::ofstream(dir / "ptb" / "ptb.valid.txt") << "not the text\n";

        const test::CliRun run =
            test::run_tfw({"data", "list", "--to", QString::fromStdString(dir.string())});
        QVERIFY2(run.exit_code == 0, run.err.c_str());
        std::istringstream lines(run.out);
        std::string all;
        for (std::string line; std::getline(lines, line);) all += line + "|";
        QVERIFY2(
            contains(all, "multi30k    translation    4.2 MB    complete, all 6 files verified"),
            run.out.c_str());
        QVERIFY(contains(all, "multi30k/val.en                             verified"));
        QVERIFY(contains(all,
                         "ptb/ptb.valid.txt                           present, but its text "
                         "differs from the pinned sum"));
        QVERIFY(contains(all, "ptb/ptb.train.txt.gz                        missing"));
        QVERIFY(contains(all, "scitldr     summarization  4.0 MB    missing (not downloadable"));
    }

    void an_interrupted_download_resumes_with_a_range_request() {
        const fs::path dir = fresh_dir("resume");
        const fs::path log = dir.string() + ".log";
        const int cut = 100000;
        {
            FileServer breaking(m_mirror, log, cut);
            const test::CliRun run = get("multi30k", dir, breaking.url());
            QCOMPARE(run.exit_code, 1);
            QVERIFY2(contains(run.err, "broke off after 100000 bytes"), run.err.c_str());
            QVERIFY(contains(run.err, "run it again to resume"));
        }
        QCOMPARE(fs::file_size(dir / "multi30k" / "train.en.gz.part"), std::uintmax_t(cut));
        QVERIFY(!fs::exists(dir / "multi30k" / "train.en.gz"));

        FileServer server(m_mirror, log);
        const test::CliRun run = get("multi30k", dir, server.url());
        QVERIFY2(run.exit_code == 0, (run.out + run.err).c_str());
        QVERIFY(contains(run.out, "resumed after 100000 bytes"));
        const auto requests = log_lines(log);
        QVERIFY(requests.size() >= 2);
        QCOMPARE(requests[1]["path"].get<std::string>(), std::string("/multi30k/train.en.gz"));
        QCOMPARE(requests[1]["range"].get<std::string>(), std::string("bytes=100000-"));
        QCOMPARE(requests[1]["status"].get<int>(), 206);
        for (const FileStatus& file : dataset_status(*find_dataset("multi30k"), dir, true))
            QVERIFY2(file.state == FileState::Verified, file.file->target.c_str());
        QVERIFY(leftovers(dir).empty());
    }

    void a_full_answer_to_a_range_request_rewrites_the_part() {
        const fs::path dir = fresh_dir("no-range");
        fs::create_directories(dir / "ptb");
        std::ofstream(dir / "ptb" / "ptb.valid.txt.part") << std::string(1000, 'x');
        FileServer server(m_mirror, dir.string() + ".log", -1, FileServer::Ranges::Ignored);
        const test::CliRun run = get("ptb", dir, server.url());
        QVERIFY2(run.exit_code == 0, (run.out + run.err).c_str());
        const auto requests = log_lines(dir.string() + ".log");
        QCOMPARE(requests[1]["range"].get<std::string>(), std::string("bytes=1000-"));
        QCOMPARE(requests[1]["status"].get<int>(), 200);
        QVERIFY(!contains(run.out, "resumed"));
        for (const FileStatus& file : dataset_status(*find_dataset("ptb"), dir, true))
            QVERIFY2(file.state == FileState::Verified, file.file->target.c_str());
    }

    void a_part_longer_than_the_file_starts_over() {
        const fs::path dir = fresh_dir("too-long");
        fs::create_directories(dir / "ptb");
        std::ofstream(dir / "ptb" / "ptb.valid.txt.part") << std::string(500000, 'x');
        FileServer server(m_mirror, dir.string() + ".log");
        const test::CliRun run = get("ptb", dir, server.url());
        QVERIFY2(run.exit_code == 0, (run.out + run.err).c_str());
        const auto requests = log_lines(dir.string() + ".log");
        QCOMPARE(requests[1]["status"].get<int>(), 416);
        QVERIFY(requests[2]["range"].is_null());
        QVERIFY(fs::exists(dir / "ptb" / "ptb.valid.txt"));
        QVERIFY(leftovers(dir).empty());
    }

    void a_mirror_on_disk_needs_no_network() {
        const fs::path dir = fresh_dir("file-mirror");
        const test::CliRun run =
            get("multi30k", dir, QString::fromStdString("file://" + m_mirror.string()));
        QVERIFY2(run.exit_code == 0, (run.out + run.err).c_str());
        for (const FileStatus& file : dataset_status(*find_dataset("multi30k"), dir, true))
            QVERIFY2(file.state == FileState::Verified, file.file->target.c_str());
    }

    void a_cancelled_download_keeps_its_part() {
        const fs::path dir = fresh_dir("cancel");
        FileServer server(m_mirror, dir.string() + ".log");
        std::atomic<bool> cancel{false};
        FetchOptions options;
        options.mirror = server.url().toStdString();
        options.cancel = &cancel;
        std::int64_t seen = 0;
        options.progress = [&](const FetchProgress& progress) {
            if (progress.stage != FetchProgress::Stage::Downloading) return;
            seen = progress.bytes;
            if (progress.bytes > 0) cancel = true;
        };
        QVERIFY_THROWS_EXCEPTION(DownloadCancelled,
                                 fetch_dataset(*find_dataset("multi30k"), dir, options));
        QVERIFY(seen > 0);
        QVERIFY(fs::file_size(dir / "multi30k" / "train.en.gz.part") > 0);
        QVERIFY(!fs::exists(dir / "multi30k" / "train.en.gz"));
    }

    void a_corrupt_file_is_refused_and_deleted() {
        const fs::path mirror = fs::path(m_root.path().toStdString()) / "corrupt-mirror";
        fs::remove_all(mirror);
        fs::create_directories(mirror / "multi30k");
        for (const auto& entry : fs::directory_iterator(m_mirror / "multi30k"))
            fs::copy_file(entry.path(), mirror / "multi30k" / entry.path().filename());
        std::string text = read_text(mirror / "multi30k" / "val.en.gz");
        text[10] = text[10] == 'x' ? 'y' : 'x';
        fs::remove(mirror / "multi30k" / "val.en.gz");
        write_file(mirror / "multi30k" / "val.en.gz", text, true);

        const fs::path dir = fresh_dir("corrupt");
        FileServer server(mirror, dir.string() + ".log");
        const test::CliRun run = get("multi30k", dir, server.url());
        QCOMPARE(run.exit_code, 1);
        QVERIFY2(contains(run.err, "checksum mismatch for multi30k/val.en"), run.err.c_str());
        QVERIFY(contains(run.err, "The download was deleted"));
        QVERIFY(!fs::exists(dir / "multi30k" / "val.en"));
        QVERIFY(leftovers(dir).empty());
        QVERIFY(fs::exists(dir / "multi30k" / "train.en.gz"));  // the files before it stay
    }

    void a_closed_port_is_a_clear_error() {
        int port = 0;
        {
            FileServer server(m_mirror, fresh_dir("closed").string() + ".log");
            port = server.port();
        }
        const fs::path dir = fresh_dir("closed");
        const QString mirror = QStringLiteral("http://127.0.0.1:%1/").arg(port);
        const test::CliRun run = get("multi30k", dir, mirror);
        QCOMPARE(run.exit_code, 1);
        const std::string url = mirror.toStdString() + "multi30k/train.en.gz";
        QVERIFY2(contains(run.err, "could not reach the server of " + url), run.err.c_str());
        QVERIFY(contains(run.err, "offline"));
        QVERIFY(contains(run.err, "--mirror URL"));
        QVERIFY(contains(run.err, (dir / "multi30k" / "train.en.gz").string() + " by hand"));
        QVERIFY(!fs::exists(dir / "multi30k" / "train.en.gz"));
    }

    void unknown_and_manual_datasets_are_refused() {
        const test::CliRun unknown = test::run_tfw({"data", "get", "imagenet", "--yes"});
        QCOMPARE(unknown.exit_code, 2);
        QVERIFY2(contains(unknown.err, "unknown dataset 'imagenet' (known: multi30k"),
                 unknown.err.c_str());
        const test::CliRun none = test::run_tfw({"data", "get"});
        QCOMPARE(none.exit_code, 2);

        const fs::path dir = fresh_dir("manual");
        const test::CliRun manual = test::run_tfw(
            {"data", "get", "scitldr", "--to", QString::fromStdString(dir.string()), "--yes"});
        QCOMPARE(manual.exit_code, 1);
        QVERIFY(contains(manual.out, "Apache-2.0"));
        QVERIFY2(contains(manual.err, "scitldr cannot be downloaded by tfw"), manual.err.c_str());
    }
};

QTEST_APPLESS_MAIN(DataFetchTest)
#include "test_data_fetch.moc"
