// The Experiment area's missing-data strip and its "Get data…" download, against a mirror
// on disk (TFW_DATA_MIRROR=file://...) made from the shared data folder.
#include <zlib.h>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
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

    void a_corpus_that_cannot_be_downloaded_is_named() {
        ExperimentPane pane;
        pane.setDataFolder(m_root.filePath("empty"));
        QVERIFY(pane.loadPreset("scitldr"));
        MissingDataBar* bar = pane.missingDataBar();
        QVERIFY(!bar->isHidden());
        QVERIFY(bar->getDataButton()->isHidden());
        QVERIFY(bar->messageLabel()->text().contains("scitldr cannot be downloaded"));
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
