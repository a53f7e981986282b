// Getting the presets' corpora: `tfw data get` and `tfw data list` end to end against a file
// server on loopback that serves a mirror made from the shared data folder (data_mirror.h).
// Nothing is downloaded from anywhere else. (The conversions alone: test_file_conversion.)
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>
#include <zlib.h>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "tests/core/data_mirror.h"
#include "tests/core/test_support.h"

#include "core/fetch/data_folder.h"
#include "core/fetch/dataset_catalog.h"
#include "core/fetch/dataset_fetch.h"
#include "core/fetch/http_download.h"
#include "core/fetch/zip_archive.h"

using namespace tfw;
using namespace tfw::test;
namespace fs = std::filesystem;

namespace {

std::vector<nlohmann::json> log_lines(const fs::path& log) {
    std::vector<nlohmann::json> lines;
    std::ifstream in(log);
    for (std::string line; std::getline(in, line);) lines.push_back(nlohmann::json::parse(line));
    return lines;
}

// How many downloads a dataset takes: files made from the same upstream file share one.
std::size_t download_count(const Dataset& dataset) {
    std::set<std::string> urls;
    for (const DatasetFile& file : dataset.files) urls.insert(file.url);
    return urls.size();
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

    void zip_members_are_read_and_checked() {
        const fs::path archive = m_mirror / "dialogsum" / "DialogSum_Data.zip";
        const std::string member = "DialogSum_Data/dialogsum.train.jsonl";
        const std::string text = read_zip_member(archive, member);
        QVERIFY(text.rfind("{'dialogue': ", 0) == 0);
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, read_zip_member(archive, "train.jsonl"));

        const fs::path broken = fs::path(m_root.path().toStdString()) / "broken.zip";
        std::ifstream in(archive, std::ios::binary);
        std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        bytes[bytes.size() / 2] ^= 0x55;  // inside the deflated member
        write_file(broken, bytes, false);
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, read_zip_member(broken, member));
        write_file(broken, bytes.substr(0, bytes.size() / 2), false);
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, read_zip_member(broken, member));
    }

    void the_mirror_has_sentence_lists_and_odd_whitespace() {
        std::ifstream in(m_mirror / "scitldr" / "dev.jsonl");
        std::string sources;
        std::size_t longest = 0;
        for (std::string line; std::getline(in, line);) {
            const nlohmann::json source = nlohmann::json::parse(line)["source"];
            longest = std::max(longest, source.size());
            for (const nlohmann::json& sentence : source) sources += sentence.get<std::string>();
        }
        QVERIFY(longest > 2);
        for (const std::string& space : kOtherSpaces) QVERIFY(contains(sources, space));
    }

    void a_missing_file_of_a_shared_download_is_made_again() {
        const fs::path dir = fresh_dir("shared-download");
        const fs::path log = dir.string() + ".log";
        FileServer server(m_mirror, log);
        QCOMPARE(get("scitldr", dir, server.url()).exit_code, 0);
        fs::remove(dir / "summarization" / "scitldr" / "val.targets.jsonl");
        std::ofstream(dir / "summarization" / "scitldr" / "val.target") << "edited\n";

        const test::CliRun run = get("scitldr", dir, server.url());
        QVERIFY2(run.exit_code == 0, (run.out + run.err).c_str());
        QVERIFY(contains(run.out, "(downloaded above)"));
        QVERIFY(contains(run.out, "(2 downloaded, 6 already there)"));
        const auto requests = log_lines(log);
        QCOMPARE(requests.size(), download_count(*find_dataset("scitldr")) + 1);
        QCOMPARE(requests.back()["path"].get<std::string>(), std::string("/scitldr/dev.jsonl"));
        for (const FileStatus& file : dataset_status(*find_dataset("scitldr"), dir, true))
            QVERIFY2(file.state == FileState::Verified, file.file->target.c_str());
        QVERIFY(leftovers(dir).empty());
    }

    void get_gives_the_preset_layout_data() {
        QTest::addColumn<QString>("name");
        for (const Dataset& dataset : dataset_catalog())
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
        QCOMPARE(log_lines(log).size(), download_count(dataset));

        // A second run finds everything in place and asks for nothing.
        const test::CliRun again = get(dataset.name, dir, server.url());
        QCOMPARE(again.exit_code, 0);
        QVERIFY(contains(again.out, "already present, verified"));
        QCOMPARE(log_lines(log).size(), download_count(dataset));
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
        QVERIFY(contains(all, "scitldr     summarization  4.5 MB    missing|"));
        QVERIFY(contains(all, "dialogsum   summarization  11.9 MB   missing|"));
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

    // A server that accepts the connection and then sends nothing was reported as "could not
    // reach the server ... this computer may be offline". It answered: it stopped answering.
    void a_server_that_stalls_is_told_apart_from_being_offline() {
        const int listener = ::socket(AF_INET, SOCK_STREAM, 0);
        QVERIFY(listener >= 0);
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        QCOMPARE(::bind(listener, reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
        QCOMPARE(::listen(listener, 4), 0);  // connections complete in the backlog; none answered
        socklen_t length = sizeof address;
        ::getsockname(listener, reinterpret_cast<sockaddr*>(&address), &length);
        const std::string mirror =
            "http://127.0.0.1:" + std::to_string(ntohs(address.sin_port)) + "/";
        const fs::path dir = fresh_dir("stalled");
        FetchOptions options;
        options.mirror = mirror;
        options.stall_timeout_s = 1;
        std::string message;
        try {
            fetch_dataset(*find_dataset("multi30k"), dir, options);
        } catch (const FetchError& e) {
            message = e.what();
        }
        ::close(listener);
        QVERIFY2(contains(message, "the server of " + mirror +
                                       "multi30k/train.en.gz stopped "
                                       "answering: nothing arrived for 1 s"),
                 message.c_str());
        QVERIFY2(!contains(message, "may be offline"), message.c_str());
    }

    void unknown_datasets_and_files_without_a_url_are_refused() {
        const test::CliRun unknown = test::run_tfw({"data", "get", "imagenet", "--yes"});
        QCOMPARE(unknown.exit_code, 2);
        QVERIFY2(contains(unknown.err, "unknown dataset 'imagenet' (known: multi30k"),
                 unknown.err.c_str());
        const test::CliRun none = test::run_tfw({"data", "get"});
        QCOMPARE(none.exit_code, 2);
    }
};

QTEST_APPLESS_MAIN(DataFetchTest)
#include "test_data_fetch.moc"
