// The Compare tab with two tiny runs trained here (different model.heads and train.lr):
// exactly the differing keys, both runs' curves, decoding side by side, the Runs tab's
// Compare button, checkpoint averaging from the window with its validation numbers and
// cancellation, and the export of the runs' scalars from both tabs.
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTextDocumentFragment>
#include <QtTest>

#include <ATen/ATen.h>

#include <filesystem>
#include <fstream>

#include "core/compare/comparison_table.h"
#include "core/compare/run_scalars.h"
#include "core/io/checkpoint_average.h"
#include "core/io/model_io.h"
#include "core/io/run_directory.h"
#include "core/io/run_lock.h"
#include "core/train/trainer.h"
#include "tests/core/tiny_checkpoint.h"
#include "ui/common/scalar_export_dialog.h"
#include "ui/compare/average_dialog.h"
#include "ui/compare/checkpoint_averaging.h"
#include "ui/compare/compare_curves.h"
#include "ui/compare/compare_pane.h"
#include "ui/compare/comparison_table_view.h"
#include "ui/compare/side_by_side_view.h"
#include "ui/main_window.h"
#include "ui/runs/runs_pane.h"
#include "widgets/live_chart.h"

using namespace tfw;

namespace {

constexpr int kTimeoutMs = 60000;

ExperimentConfig tinyRun(int heads, double lr) {
    ExperimentConfig c = test::tiny_reverse_run();
    c.model.heads = heads;
    c.train.lr = lr;
    c.train.valid_every = 4;
    c.train.save_every = 4;
    return c;
}

QStringList columnLabels(QTableWidget* table) {
    QStringList labels;
    for (int row = 0; row < table->rowCount(); ++row) labels << table->item(row, 0)->text();
    return labels;
}

std::map<std::string, at::Tensor> weights(const std::string& checkpoint) {
    std::map<std::string, at::Tensor> tensors;
    LoadedModel loaded = load_model(checkpoint);
    for (const auto& item : loaded.model->named_parameters()) tensors[item.key()] = item.value();
    return tensors;
}

}  // namespace

class TestComparePane final : public QObject {
    Q_OBJECT
    QTemporaryDir m_root;
    QString m_heads2, m_heads4;

  private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_root.isValid());
        m_heads2 = m_root.filePath("heads2");
        m_heads4 = m_root.filePath("heads4");
        TrainingObserver quiet;
        TrainingControl control;
        QCOMPARE(int(train_new(tinyRun(2, 1e-3), m_heads2.toStdString(), quiet, control).reason),
                 int(FinishReason::Completed));
        QCOMPARE(int(train_new(tinyRun(4, 5e-4), m_heads4.toStdString(), quiet, control).reason),
                 int(FinishReason::Completed));
    }

    void diffListsExactlyTheDifferingKeys() {
        ComparePane pane;
        pane.addItem(m_heads2);
        pane.addItem(m_heads4);
        pane.addItem(m_heads2);  // already there: ignored
        QTRY_COMPARE_WITH_TIMEOUT(pane.items().size(), 2, kTimeoutMs);
        QTRY_COMPARE(pane.pendingItems(), 0);
        QCOMPARE(pane.items().size(), 2);
        QCOMPARE(columnLabels(pane.configTable()), (QStringList{"model.heads", "train.lr"}));
        QTableWidget* config = pane.configTable();
        QCOMPARE(config->columnCount(), 3);
        QCOMPARE(config->horizontalHeaderItem(1)->text(), QStringLiteral("heads2"));
        QCOMPARE(config->item(0, 1)->text(), QStringLiteral("2"));
        QCOMPARE(config->item(0, 2)->text(), QStringLiteral("4"));
        QVERIFY(config->item(0, 1)->background().style() != Qt::NoBrush);  // highlighted

        pane.setShowAllFields(true);
        QVERIFY(config->rowCount() > 20);
        const int dModel = columnLabels(config).indexOf(QStringLiteral("model.d_model"));
        QVERIFY(dModel >= 0);
        QCOMPARE(config->item(dModel, 1)->background().style(), Qt::NoBrush);

        QVERIFY(pane.itemColor(m_heads2).isValid());
        QVERIFY(pane.itemColor(m_heads2) != pane.itemColor(m_heads4));
        QVERIFY(columnLabels(pane.metricsTable()).contains(QStringLiteral("valid loss (best)")));
        QCOMPARE(pane.metricsTable()->columnCount(), 3);
    }

    // A checkpoint written anew under the same name (a resumed run's best.tfw) is read again
    // when the area is shown.
    void aRewrittenCheckpointIsReadAgain() {
        const QString a = m_root.filePath(QStringLiteral("a.tfw"));
        const QString b = m_root.filePath(QStringLiteral("b.tfw"));
        const auto copy = [](const QString& run, const QString& to, int minutesLater) {
            QFile::remove(to);
            QVERIFY(QFile::copy(
                QString::fromStdString(RunPaths(run.toStdString()).last_checkpoint()), to));
            QFile file(to);
            QVERIFY(file.open(QIODevice::ReadWrite));
            QVERIFY(file.setFileTime(QDateTime::currentDateTime().addSecs(60 * minutesLater),
                                     QFileDevice::FileModificationTime));
        };
        copy(m_heads2, a, 0);
        copy(m_heads4, b, 0);
        ComparePane pane;
        pane.show();
        pane.addItem(a);
        pane.addItem(b);
        QTRY_COMPARE_WITH_TIMEOUT(pane.items().size(), 2, kTimeoutMs);
        QTRY_COMPARE(pane.pendingItems(), 0);
        QVERIFY(columnLabels(pane.configTable()).contains(QStringLiteral("model.heads")));

        copy(m_heads4, a, 5);  // now the same model as b
        pane.hide();
        pane.show();
        QTRY_COMPARE_WITH_TIMEOUT(pane.configTable()->rowCount(), 0, kTimeoutMs);
    }

    void aLongDescriptionLeavesTheNumbersInSight() {
        ComparisonTable table;
        table.corner = "setting";
        table.columns = {"first", "second"};
        const std::string longText(2000, 'w');
        ComparisonRow description;
        description.label = "description";
        description.cells = {longText, "short"};
        description.differs = true;
        ComparisonRow dModel;
        dModel.label = "model.d_model";
        dModel.cells = {"256", "512"};
        dModel.values = {256, 512};
        dModel.differs = true;
        table.rows = {description, dModel};
        QTableWidget view;
        view.resize(1100, 300);
        view.show();
        showComparisonTable(&view, table, {});
        for (int c = 0; c < view.columnCount(); ++c)
            QVERIFY(view.columnWidth(c) <= maxComparisonColumnWidth(&view));
        for (int c = 1; c <= 2; ++c) {
            const QRect cell = view.visualItemRect(view.item(1, c));
            QVERIFY2(cell.right() <= view.viewport()->width(), qPrintable(QString::number(c)));
        }
        QCOMPARE(view.item(0, 1)->toolTip(), QString::fromStdString(longText));
    }

    void theHintShowsItsQuotesAsQuotes() {
        ComparePane pane;
        pane.show();
        QLabel* hint = nullptr;
        QTRY_VERIFY((hint = [&pane]() -> QLabel* {
            for (QLabel* label : pane.findChildren<QLabel*>())
                if (label->isVisible() && label->text().contains(QStringLiteral("Add two or more")))
                    return label;
            return nullptr;
        }()));
        // What the label shows: its text as HTML when it takes it for HTML, else as it is.
        const bool html = hint->textFormat() == Qt::RichText ||
                          (hint->textFormat() == Qt::AutoText && Qt::mightBeRichText(hint->text()));
        const QString shown =
            html ? QTextDocumentFragment::fromHtml(hint->text()).toPlainText() : hint->text();
        QVERIFY2(shown.contains(QStringLiteral("\"Add run or checkpoint…\"")), qPrintable(shown));
    }

    // Reading can be stopped: what was not read yet is dropped, what was read stays, and the
    // item being read when Stop was pressed does not come back afterwards.
    void readingCanBeStopped() {
        ComparePane pane;
        pane.addItem(m_heads2);
        QTRY_COMPARE_WITH_TIMEOUT(pane.items().size(), 1, kTimeoutMs);
        pane.addItem(m_heads4);
        QCOMPARE(pane.pendingItems(), 1);
        pane.stopReading();
        QCOMPARE(pane.pendingItems(), 0);
        QCOMPARE(pane.items().size(), 1);
        QTest::qWait(300);  // the reader's result, if any, is ignored
        QCOMPARE(pane.items().size(), 1);
        QVERIFY(pane.itemColor(m_heads2).isValid());
        QVERIFY(!pane.itemColor(m_heads4).isValid());
    }

    void curvesOfBothRunsArePresent() {
        ComparePane pane;
        pane.addItem(m_heads2);
        pane.addItem(m_heads4);
        QTRY_COMPARE_WITH_TIMEOUT(pane.items().size(), 2, kTimeoutMs);
        const auto charts = pane.curves()->charts();
        QCOMPARE(charts.size(), 4);
        for (LiveChart* chart : charts) {
            QCOMPARE(chart->seriesNames(), (QStringList{"heads2", "heads4"}));
            for (const QString& series : chart->seriesNames())
                QVERIFY(chart->pointCount(series) >= 3);  // validations at steps 4, 8, 12
        }
        QCOMPARE(charts[0]->pointCount(QStringLiteral("heads2")), 12);  // training loss
        pane.curves()->setAxis(CompareCurves::Axis::Tokens);
        QCOMPARE(pane.curves()->charts()[0]->pointCount(QStringLiteral("heads4")), 12);

        // Removing an item keeps the other's colour.
        const QColor color = pane.itemColor(m_heads4);
        pane.removeItem(m_heads2);
        QCOMPARE(pane.items(), QStringList{QFileInfo(m_heads4).canonicalFilePath()});
        QCOMPARE(pane.itemColor(m_heads4), color);
        QCOMPARE(pane.curves()->charts()[1]->seriesNames(), QStringList{"heads4"});
    }

    void sideBySideDecodesWithBothRuns() {
        ComparePane pane;
        pane.addItem(m_heads2);
        pane.addItem(m_heads4);
        QTRY_COMPARE_WITH_TIMEOUT(pane.items().size(), 2, kTimeoutMs);
        SideBySideView* view = pane.sideBySide();
        view->setInput(QStringLiteral("red cat seven"), QStringLiteral("seven cat red"));
        QSignalSpy decoded(view, &SideBySideView::decoded);
        view->decode();
        QVERIFY(decoded.wait(kTimeoutMs));
        const SideBySideResult& result = view->result();
        QCOMPARE(result.outputs.size(), 2);
        // Each run decoded with its own best checkpoint, and both outputs are shown.
        QCOMPARE(result.outputs[0].checkpoint,
                 QString::fromStdString(RunPaths(m_heads2.toStdString()).best_checkpoint()));
        QCOMPARE(result.outputs[1].heads, 4);
        QCOMPARE(view->strips().size(), 2);
        QCOMPARE(view->crossTable()->rowCount(), 3);  // both outputs and the reference
        QVERIFY(view->heatmap(0) && view->heatmap(1));
    }

    void runsStillTrainingAreFollowed() {
        // A copy of a finished run that says it is still training, with half its history.
        QTemporaryDir elsewhere;  // not under m_root, whose run count other tests check
        const QString copy = elsewhere.filePath(QStringLiteral("training"));
        std::filesystem::copy(m_heads2.toStdString(), copy.toStdString(),
                              std::filesystem::copy_options::recursive);
        RunStatus status = read_run_status(copy.toStdString());
        status.state = "running";
        write_run_status(copy.toStdString(), status);
        const RunLock training(copy.toStdString());  // a run whose process has ended is stopped
        const std::string history = RunPaths(copy.toStdString()).history();
        std::string full;
        {
            std::ifstream in(history);
            full.assign(std::istreambuf_iterator<char>(in), {});
        }
        std::ofstream(history, std::ios::trunc)
            << full.substr(0, full.size() / 2) << "\n";  // the last line may be torn

        ComparePane pane;
        pane.setFollowInterval(50);
        pane.addItem(m_heads4);
        pane.addItem(copy);
        QTRY_COMPARE_WITH_TIMEOUT(pane.items().size(), 2, kTimeoutMs);
        QVERIFY(pane.isFollowingRunningItems());
        const int before = pane.curves()->charts()[0]->pointCount(QStringLiteral("training"));
        std::ofstream(history, std::ios::trunc) << full;  // the run moves on
        QTRY_VERIFY_WITH_TIMEOUT(
            pane.curves()->charts()[0]->pointCount(QStringLiteral("training")) > before,
            kTimeoutMs);
        status.state = "completed";
        write_run_status(copy.toStdString(), status);
        QTRY_VERIFY_WITH_TIMEOUT(!pane.isFollowingRunningItems(), kTimeoutMs);
    }

    void sameNamesStayApartAndReloadKeepsItems() {
        QTemporaryDir copies;
        const QString best =
            QString::fromStdString(RunPaths(m_heads2.toStdString()).best_checkpoint());
        QVERIFY(QDir().mkpath(copies.filePath("x")) && QDir().mkpath(copies.filePath("y")));
        QVERIFY(QFile::copy(best, copies.filePath("x/best.tfw")));
        QVERIFY(QFile::copy(best, copies.filePath("y/best.tfw")));
        ComparePane pane;
        pane.addItem(copies.filePath("x/best.tfw"));
        pane.addItem(copies.filePath("y/best.tfw"));
        QTRY_COMPARE_WITH_TIMEOUT(pane.items().size(), 2, kTimeoutMs);
        QCOMPARE(pane.curves()->charts()[0]->seriesNames(),
                 (QStringList{"best.tfw", "best.tfw (2)"}));
        QCOMPARE(pane.configTable()->rowCount(), 0);  // the same checkpoint twice

        const QStringList before = pane.items();
        pane.reload();
        QCOMPARE(pane.pendingItems(), 2);
        QCOMPARE(pane.items(), before);  // what was read stays shown while it is read again
        QTRY_COMPARE_WITH_TIMEOUT(pane.pendingItems(), 0, kTimeoutMs);
        QCOMPARE(pane.items(), before);
    }

    void unreadableItemsAreReported() {
        ComparePane pane;
        QSignalSpy messages(&pane, &ComparePane::statusMessage);
        pane.addItem(m_root.filePath("no-such-run"));
        QTRY_COMPARE_WITH_TIMEOUT(messages.count(), 1, kTimeoutMs);
        QVERIFY(messages.at(0).at(0).toString().contains(QStringLiteral("no such run folder")));
        QVERIFY(pane.items().isEmpty());
    }

    void runsTabSendsSelectedRunsToCompare() {
        MainWindow window({QStringLiteral("demo"), m_root.path()});
        RunsPane* runs = window.runsPane();
        QTRY_COMPARE(runs->runCount(), 2);
        auto* table = runs->findChild<QTableWidget*>();
        table->selectAll();
        QCOMPARE(runs->selectedRuns().size(), 2);
        QPushButton* compare = nullptr;
        for (QPushButton* button : runs->findChildren<QPushButton*>())
            if (button->text() == QStringLiteral("Compare")) compare = button;
        QVERIFY(compare && compare->isEnabled());
        for (QPushButton* button : runs->findChildren<QPushButton*>())  // they act on one run
            if (button->text().startsWith(QStringLiteral("Delete")) ||
                button->text().startsWith(QStringLiteral("Rename")))
                QVERIFY(!button->isEnabled());
        compare->click();
        QTRY_COMPARE_WITH_TIMEOUT(window.comparePane()->items().size(), 2, kTimeoutMs);
    }

    // The Runs tab's button opens the export for the selected runs; the file holds the ticked
    // scalars of both, as `tfw export --history` writes them; a checkpoint is left out.
    void scalarsOfTheSelectedRunsAreExported() {
        MainWindow window({QStringLiteral("demo"), m_root.path()});
        RunsPane* runs = window.runsPane();
        QTRY_COMPARE(runs->runCount(), 2);
        runs->findChild<QTableWidget*>()->selectAll();
        QPushButton* exportButton = nullptr;
        for (QPushButton* button : runs->findChildren<QPushButton*>())
            if (button->text() == QStringLiteral("Export scalars…")) exportButton = button;
        QVERIFY(exportButton && exportButton->isEnabled());
        exportButton->click();
        auto* opened = runs->findChild<ScalarExportDialog*>();
        QVERIFY(opened);
        QTRY_VERIFY_WITH_TIMEOUT(!opened->tags().isEmpty(), kTimeoutMs);
        opened->close();

        const QString checkpoint = m_heads2 + "/checkpoints/last.tfw";
        ScalarExportDialog dialog({m_heads2, m_heads4, checkpoint});
        QSignalSpy ready(&dialog, &ScalarExportDialog::ready);
        QVERIFY(ready.wait(kTimeoutMs));
        QVERIFY(dialog.tags().contains("valid/loss"));
        QVERIFY(dialog.tags().contains("train/lr"));
        for (const QString& tag : dialog.tags())
            dialog.setTagChecked(tag, tag == "valid/loss" || tag == "train/lr");
        dialog.setFormat(ScalarFormat::Json);
        const QString out = m_root.filePath("scalars.json");
        dialog.setOutputPath(out);
        QSignalSpy exported(&dialog, &ScalarExportDialog::exported);
        dialog.exportNow();
        QVERIFY(dialog.isBusy() || !exported.isEmpty());  // written off the window's thread
        QVERIFY(exported.wait(kTimeoutMs) || !exported.isEmpty());

        std::ifstream file(out.toStdString());
        const nlohmann::json json = nlohmann::json::parse(file);
        const std::string expected =
            format_scalars(read_run_scalars({m_heads2.toStdString(), m_heads4.toStdString()}),
                           {"valid/loss", "train/lr"}, ScalarFormat::Json);
        QCOMPARE(json, nlohmann::json::parse(expected));
        QCOMPARE(json.size(), size_t(2));
        QCOMPARE(json["heads2"].size(), size_t(2));
        QCOMPARE(json["heads4"]["valid/loss"].size(), size_t(3));  // steps 4, 8, 12
        bool leftOut = false;
        for (QLabel* label : dialog.findChildren<QLabel*>())
            leftOut = leftOut || label->text().contains("left out: " + checkpoint);
        QVERIFY(leftOut);
    }

    void averagingFromTheWindow() {
        ComparePane pane;
        AverageDialog dialog(m_heads2);
        connect(&dialog, &AverageDialog::compareRequested, &pane,
                [&pane](const QStringList& paths) {
                    for (const QString& path : paths) pane.addItem(path);
                });
        QSignalSpy done(&dialog, &AverageDialog::compareRequested);
        const QString output = m_root.filePath("average.tfw");
        dialog.setCount(2);
        dialog.setOutputPath(output);
        dialog.start();
        QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, kTimeoutMs);

        const RunPaths run(m_heads2.toStdString());
        const auto a = weights(run.step_checkpoint(8)), b = weights(run.step_checkpoint(12));
        for (const auto& [key, value] : weights(output.toStdString())) {
            const at::Tensor mean = (a.at(key).to(at::kDouble) + b.at(key).to(at::kDouble)) / 2;
            QVERIFY2(at::allclose(value.to(at::kDouble), mean, 1e-6, 1e-7), key.c_str());
        }
        // Validation loss and perplexity of both, side by side.
        QTableWidget* results = dialog.resultTable();
        QVERIFY(results->isVisibleTo(&dialog));
        for (int row = 0; row < 2; ++row)
            for (int column = 0; column < 2; ++column)
                QVERIFY(results->item(row, column)->text().toDouble() > 0);
        QVERIFY(results->horizontalHeaderItem(0)->text().startsWith(QStringLiteral("best.tfw")));
        // And both went to the Compare tab.
        QTRY_COMPARE_WITH_TIMEOUT(pane.items().size(), 2, kTimeoutMs);
        QVERIFY(pane.items().contains(QFileInfo(output).canonicalFilePath()));
    }

    void averagingCanBeCancelled() {
        AverageDialog dialog(m_heads4);
        QSignalSpy cancelled(dialog.job(), &AveragingJob::cancelled);
        QSignalSpy finished(dialog.job(), &AveragingJob::finished);
        const QString output = m_root.filePath("cancelled.tfw");
        dialog.setCount(3);
        dialog.setOutputPath(output);
        dialog.start();
        QVERIFY(dialog.job()->isRunning());
        dialog.job()->cancel();
        QTRY_VERIFY_WITH_TIMEOUT(!dialog.job()->isRunning(), kTimeoutMs);
        QCOMPARE(cancelled.count(), 1);
        QCOMPARE(finished.count(), 0);
        QVERIFY(!QFileInfo::exists(output));
    }
};

QTEST_MAIN(TestComparePane)
#include "test_compare_pane.moc"
