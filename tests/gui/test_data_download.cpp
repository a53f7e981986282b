// The Experiment area's missing-data strip and its "Get data…" download, against a mirror
// on disk (TFW_DATA_MIRROR=file://...) made from the shared data folder.
#include <zlib.h>
#include <QLabel>
#include <QProcess>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <fstream>

#include "core/fetch/data_folder.h"
#include "core/fetch/dataset_catalog.h"
#include "core/fetch/http_download.h"
#include "ui/experiment/data_download_dialog.h"
#include "ui/experiment/experiment_form.h"
#include "ui/experiment/experiment_pane.h"
#include "ui/experiment/missing_data_bar.h"

using namespace tfw;
namespace fs = std::filesystem;

namespace {

const fs::path kShared = TFW_SHARED_DATA_DIR;

// PTB's upstream files are its plain texts.
void make_ptb_mirror(const fs::path& mirror) {
    fs::create_directories(mirror / "ptb");
    for (const DatasetFile& file : find_dataset("ptb")->files) {
        gzFile in = gzopen((kShared / file.target).c_str(), "rb");
        std::ofstream out(mirror / "ptb" / file.upstream_name(), std::ios::binary);
        char buffer[1 << 16];
        for (int got; in && (got = gzread(in, buffer, sizeof buffer)) > 0;) out.write(buffer, got);
        if (in) gzclose(in);
    }
}

// The loopback file server of the download tests, answering slowly enough to cancel.
class SlowFileServer {
  public:
    explicit SlowFileServer(const fs::path& root) {
        m_process.start(QStandardPaths::findExecutable("python3"),
                        {QStringLiteral(TFW_TEST_TOOLS_DIR "/range_http_server.py"), "--root",
                         QString::fromStdString(root.string()), "--bytes-per-second", "200000"});
        if (m_process.waitForReadyRead(10000)) {
            const QByteArray line = m_process.readLine().trimmed();
            if (line.startsWith("PORT ")) m_port = line.mid(5).toInt();
        }
    }
    ~SlowFileServer() {
        m_process.kill();
        m_process.waitForFinished(5000);
    }
    SlowFileServer(const SlowFileServer&) = delete;
    SlowFileServer& operator=(const SlowFileServer&) = delete;
    QByteArray url() const { return "http://127.0.0.1:" + QByteArray::number(m_port) + "/"; }
    bool listening() const { return m_port > 0; }

  private:
    QProcess m_process;
    int m_port = 0;
};

}  // namespace

class TestDataDownload final : public QObject {
    Q_OBJECT

    QTemporaryDir m_root;

  private Q_SLOTS:
    void initTestCase() {
        if (!fs::exists(kShared / "ptb"))
            QSKIP("the shared data folder (TFW_SHARED_DATA_DIR) is absent");
        const fs::path mirror = fs::path(m_root.path().toStdString()) / "mirror";
        make_ptb_mirror(mirror);
        qputenv("TFW_DATA_MIRROR", QByteArray::fromStdString("file://" + mirror.string()));
        qputenv("XDG_DATA_HOME", m_root.filePath("xdg").toUtf8());
    }

    void the_summarization_corpora_offer_get_data() {
        for (const char* preset : {"scitldr", "dialogsum"}) {
            ExperimentPane pane;
            pane.setDataFolder(m_root.filePath("empty"));
            QVERIFY(pane.loadPreset(preset));
            MissingDataBar* bar = pane.missingDataBar();
            QVERIFY(!bar->isHidden());
            QVERIFY(!bar->getDataButton()->isHidden());
            QVERIFY(bar->getDataButton()->toolTip().contains(preset));
        }
    }

    void cancel_stops_the_download_and_keeps_the_part() {
        if (!downloads_available()) QSKIP("built without libcurl");
        if (QStandardPaths::findExecutable("python3").isEmpty()) QSKIP("python3 is needed");
        SlowFileServer server(fs::path(m_root.path().toStdString()) / "mirror");
        QVERIFY(server.listening());
        const QByteArray mirror = qgetenv("TFW_DATA_MIRROR");
        qputenv("TFW_DATA_MIRROR", server.url());
        const fs::path folder = fs::path(m_root.path().toStdString()) / "cancelled";

        ExperimentPane pane;
        pane.setDataFolder(QString::fromStdString(folder.string()));
        QVERIFY(pane.loadPreset("ptb-word-lm"));
        pane.missingDataBar()->getDataButton()->click();
        auto* dialog = pane.findChild<DataDownloadDialog*>();
        QVERIFY(dialog);
        dialog->downloadButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(dialog->progressBar()->value() > 0, 20000);
        QVERIFY(dialog->isDownloading());
        dialog->reject();
        QTRY_VERIFY_WITH_TIMEOUT(!dialog->isDownloading(), 10000);
        qputenv("TFW_DATA_MIRROR", mirror);

        QVERIFY(dialog->isVisible());
        QVERIFY(dialog->statusLabel()->text().contains("Cancelled"));
        QVERIFY(dialog->downloadButton()->isEnabled());
        QVERIFY(fs::file_size(folder / "ptb" / "ptb.train.txt.part") > 0);
        QVERIFY(!fs::exists(folder / "ptb" / "ptb.train.txt.gz"));
        QVERIFY(!pane.missingDataBar()->isHidden());
        dialog->reject();
        QTRY_VERIFY(pane.findChild<DataDownloadDialog*>() == nullptr);
    }

    void get_data_downloads_and_clears_the_strip() {
        if (!downloads_available()) QSKIP("built without libcurl");
        ExperimentPane pane;  // no data folder yet: the download goes to the per-user one
        QSignalSpy chosen(&pane, &ExperimentPane::dataFolderChosen);
        QVERIFY(pane.loadPreset("ptb-word-lm"));
        MissingDataBar* bar = pane.missingDataBar();
        QVERIFY(!bar->isHidden());
        QVERIFY(bar->messageLabel()->text().contains("ptb/ptb.train.txt.gz"));
        QVERIFY(!bar->getDataButton()->isHidden());
        const QString target = QString::fromStdString(default_data_dir().string());
        QVERIFY(target.startsWith(m_root.filePath("xdg")));
        QCOMPARE(bar->targetFolder(), target);

        bar->getDataButton()->click();
        auto* dialog = pane.findChild<DataDownloadDialog*>();
        QVERIFY(dialog);
        QVERIFY(dialog->isVisible());
        const QString shown = [dialog] {
            QString all;
            for (QLabel* label : dialog->findChildren<QLabel*>()) all += label->text() + "\n";
            return all;
        }();
        QVERIFY(shown.contains(QString::fromStdString(find_dataset("ptb")->licence)));
        QVERIFY(shown.contains(QString::fromStdString(find_dataset("ptb")->citation)));

        dialog->downloadButton()->click();
        QVERIFY(dialog->isDownloading() || bar->isHidden());
        QTRY_VERIFY_WITH_TIMEOUT(bar->isHidden(), 30000);
        QCOMPARE(chosen.count(), 1);
        QCOMPARE(chosen.at(0).at(0).toString(), target);
        QCOMPARE(QString::fromStdString(pane.config().data.dir), target);
        for (const FileStatus& file :
             dataset_status(*find_dataset("ptb"), default_data_dir(), true))
            QVERIFY2(file.state == FileState::Verified, file.file->target.c_str());
    }
};

QTEST_MAIN(TestDataDownload)
#include "test_data_download.moc"
