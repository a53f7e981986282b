// File ▸ Export report: the dialog previews the report in the window's language and writes the
// chosen formats on its worker thread, the window staying free meanwhile.
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextDocument>
#include <QtTest>

#include "core/train/trainer.h"
#include "tests/core/tiny_checkpoint.h"
#include "ui/report/report_dialog.h"

using namespace tfw;

class TestReportDialog : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_run;

  private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_run = m_dir.filePath(QStringLiteral("tiny"));
        TrainingObserver quiet;
        TrainingControl control;
        QCOMPARE(
            int(train_new(test::tiny_reverse_run(), m_run.toStdString(), quiet, control).reason),
            int(FinishReason::Completed));
    }

    void previewsThenSavesTheChosenFormat() {
        const QString out = m_dir.filePath(QStringLiteral("report"));
        ReportDialog dialog({{QStringLiteral("Run tiny"), {m_run}, out}}, 0,
                            QStringLiteral("zh_CN"));
        QCOMPARE(dialog.outputFolder(), out);
        QSignalSpy finished(&dialog, &ReportDialog::finished);
        dialog.preview();
        QVERIFY(dialog.isRunning());
        QVERIFY(finished.wait(60000));
        QVERIFY2(dialog.browser()->toPlainText().contains(QStringLiteral("实验报告：tiny")),
                 qPrintable(dialog.status()));
        QVERIFY(dialog.browser()->toPlainText().contains(QStringLiteral("训练曲线")));
        // Every figure of the page is there to paint, decoded.
        QTextDocument* page = dialog.browser()->document();
        int images = 0;
        for (QTextBlock block = page->begin(); block != page->end(); block = block.next())
            for (auto it = block.begin(); !it.atEnd(); ++it) {
                const QTextImageFormat image = it.fragment().charFormat().toImageFormat();
                if (!image.isValid()) continue;
                ++images;
                const QVariant pixels =
                    page->resource(QTextDocument::ImageResource, QUrl(image.name()));
                QVERIFY2(!pixels.value<QImage>().isNull(), qPrintable(image.name()));
            }
        QVERIFY(images >= 3);

        auto* formats = dialog.findChildren<QComboBox*>().at(1);
        formats->setCurrentIndex(formats->findData(QStringLiteral("tex")));
        dialog.save();
        QVERIFY(finished.wait(60000));
        QVERIFY2(dialog.status().contains(QDir::toNativeSeparators(out)),
                 qPrintable(dialog.status()));
        QVERIFY(QFile::exists(out + QStringLiteral("/report.tex")));
        QVERIFY(QFile::exists(out + QStringLiteral("/figures/curves-loss.pdf")));
        QVERIFY(!QFile::exists(out + QStringLiteral("/report.html")));
        QVERIFY(!QFile::exists(out + QStringLiteral("/figures/curves-loss.svg")));
    }

    void saysWhatWentWrong() {
        ReportDialog dialog(
            {{QStringLiteral("Nothing"), {m_dir.filePath(QStringLiteral("absent"))}, QString()}}, 0,
            QStringLiteral("en"));
        QSignalSpy finished(&dialog, &ReportDialog::finished);
        dialog.save();  // no folder chosen
        QVERIFY(dialog.status().contains(QStringLiteral("Choose the folder")));
        dialog.setOutputFolder(m_dir.filePath(QStringLiteral("never")));
        dialog.save();
        QVERIFY(finished.wait(60000));
        QVERIFY2(dialog.status().contains(QStringLiteral("not a run folder")),
                 qPrintable(dialog.status()));
    }
};

QTEST_MAIN(TestReportDialog)
#include "test_report_dialog.moc"
