// The Ablations tab: the run count and the problems follow the definition live; a tiny sweep
// trains to the end through the pane, its queue and results agree with the sweep folder's
// report, the table exports as CSV, and an opened sweep folder shows its queue.
#include <QAction>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>

#include "core/config/config_io.h"
#include "core/sweep/sweep_report.h"
#include "core/sweep/sweep_state.h"
#include "ui/common/field_editor.h"
#include "ui/common/ui_language.h"
#include "ui/compare/compare_pane.h"
#include "ui/experiment/experiment_form.h"
#include "ui/experiment/experiment_pane.h"
#include "ui/main_window.h"
#include "ui/sweep/sweep_define_view.h"
#include "ui/sweep/sweep_job.h"
#include "ui/sweep/sweep_pane.h"
#include "ui/sweep/sweep_queue_view.h"
#include "ui/sweep/sweep_results_view.h"
#include "widgets/band_chart.h"
#include "widgets/error_bar_chart.h"

using namespace tfw;

namespace {

constexpr int kSweepTimeoutMs = 120000;

// The demo task with a very small model: the point is the plumbing, not the translations.
ExperimentConfig tinyDemo() {
    ExperimentConfig config = load_preset("demo");
    config.model.d_model = 32;
    config.model.heads = 2;
    config.model.encoder_layers = 1;
    config.model.decoder_layers = 1;
    config.model.ffn_dim = 64;
    config.train.batch_tokens = 1000;
    config.train.valid_every = 10;
    config.train.log_every = 5;
    config.train.threads = 1;
    return config;
}

// RFC 4180 records (quoted fields may hold commas, quotes and line breaks).
QList<QStringList> parseCsv(const QString& text) {
    QList<QStringList> records;
    QStringList record;
    QString field;
    bool quoted = false;
    for (int i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (quoted) {
            if (c == QLatin1Char('"') && i + 1 < text.size() && text[i + 1] == QLatin1Char('"')) {
                field += c;
                ++i;
            } else if (c == QLatin1Char('"')) {
                quoted = false;
            } else {
                field += c;
            }
        } else if (c == QLatin1Char('"')) {
            quoted = true;
        } else if (c == QLatin1Char(',')) {
            record << field;
            field.clear();
        } else if (c == QLatin1Char('\n')) {
            record << field;
            records << record;
            record.clear();
            field.clear();
        } else if (c != QLatin1Char('\r')) {
            field += c;
        }
    }
    if (!field.isEmpty() || !record.isEmpty()) records << (record << field);
    return records;
}

int rowOf(const QTableWidget* table, const QString& label) {
    for (int row = 0; row < table->rowCount(); ++row)
        if (table->item(row, 0) && table->item(row, 0)->text() == label) return row;
    return -1;
}

}  // namespace

class TestSweepPane final : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void countsRunsAsTheDefinitionChanges() {
        QTemporaryDir root;
        SweepPane pane;
        pane.setRunsRoot(root.path());
        pane.setBaseConfig(tinyDemo());
        SweepDefineView* define = pane.define();
        QVERIFY(define->outputFolder().startsWith(QDir(root.path()).filePath("sweeps/")));
        define->addAxis(QStringLiteral("model.heads"), QStringLiteral("1,2"));
        define->addAxis(QStringLiteral("model.dropout"), QStringLiteral("0:0.1:0.1"));
        define->setSeeds(QStringLiteral("1,2"));
        define->refreshNow();
        QVERIFY2(define->problems().isEmpty(), qPrintable(define->problems().join('\n')));
        QCOMPARE(define->runCountText(), QStringLiteral("4 variants × 2 seeds = 8 runs"));
        QVERIFY(define->startButton()->isEnabled());
        // A third seed and one-at-a-time: the baseline (heads 2, dropout 0.1 of the preset)
        // plus heads=1 and dropout=0.
        define->setSeeds(QStringLiteral("1:3"));
        define->setDesign(SweepDesign::OneAtATime);
        define->refreshNow();
        QCOMPARE(define->runCountText(), QStringLiteral("3 variants × 3 seeds = 9 runs"));
        // A folder that holds something already is refused; the count stays.
        const QString used = QDir(root.path()).filePath(QStringLiteral("used"));
        QVERIFY(QDir().mkpath(QDir(used).filePath(QStringLiteral("runs"))));
        define->setOutputFolder(used);
        define->refreshNow();
        QVERIFY(define->problems().join('\n').contains(QStringLiteral("is not empty")));
        QVERIFY(!define->startButton()->isEnabled());
        QCOMPARE(define->runCountText(), QStringLiteral("3 variants × 3 seeds = 9 runs"));
        define->setOutputFolder(QString());
        define->refreshNow();
        QVERIFY(define->problems().isEmpty());
        // The time estimate arrives from its thread.
        QTRY_VERIFY_WITH_TIMEOUT(define->estimateText().contains(QStringLiteral("about")), 30000);
    }

    // "Vary in a sweep…" on a field of the form adds it with its value and shows the tab; the
    // sweep's base follows the form.
    void varyInASweepFromTheForm() {
        QTemporaryDir root;
        MainWindow window({QStringLiteral("demo"), root.path()});
        auto* tabs = window.findChild<QTabWidget*>();
        QCOMPARE(tabs->tabText(tabs->indexOf(window.sweepPane())), QStringLiteral("Ablations"));
        QCOMPARE(tabs->indexOf(window.sweepPane()), tabs->indexOf(window.comparePane()) + 1);
        ExperimentForm* form = window.experimentPane()->form();
        Q_EMIT form->editor(QStringLiteral("model.heads"))->varyRequested();
        QCOMPARE(tabs->currentWidget(), static_cast<QWidget*>(window.sweepPane()));
        SweepDefineView* define = window.sweepPane()->define();
        QCOMPARE(define->axisCount(), 1);
        define->refreshNow();
        auto spec = define->spec();
        QVERIFY(spec.has_value());
        QCOMPARE(spec->axes.front().key, std::string("model.heads"));
        QCOMPARE(spec->axes.front().values, std::vector<std::string>{"4"});
        // The label's context menu has the action too.
        bool labelHasAction = false;
        for (QLabel* label : form->findChildren<QLabel*>())
            if (label->buddy() == form->editor(QStringLiteral("model.dropout")))
                for (QAction* action : label->actions())
                    labelHasAction |= action->text().startsWith(QStringLiteral("Vary in a sweep"));
        QVERIFY(labelHasAction);
        // Varying heads 4 and 3 is refused once the form's d_model is 128 but not at 96.
        define->setAxis(0, QStringLiteral("model.heads"), QStringLiteral("4,3"));
        define->refreshNow();
        QVERIFY(define->problems().join('\n').contains(QStringLiteral("model.heads=3")));
        ExperimentConfig config = window.experimentPane()->config();
        config.model.d_model = 96;
        config.model.heads = 4;
        form->setConfig(config);
        define->refreshNow();
        QVERIFY2(define->problems().isEmpty(), qPrintable(define->problems().join('\n')));
        QCOMPARE(config_from_json(define->spec()->base).model.d_model, 96);
    }

    // Closing the window stops a running sweep first; its runs stay pending for a resume.
    void closingTheWindowStopsTheSweep() {
        QTemporaryDir root;
        MainWindow window({QStringLiteral("demo"), root.path()});
        window.experimentPane()->form()->setConfig(tinyDemo());
        window.show();
        SweepPane* pane = window.sweepPane();
        pane->define()->addAxis(QStringLiteral("model.heads"), QStringLiteral("1,2"));
        pane->define()->setSeeds(QStringLiteral("1"));
        pane->define()->setBudget({BudgetKind::Steps, 200});
        pane->define()->refreshNow();
        const QString dir = pane->define()->outputFolder();
        QSignalSpy steps(pane->job(), &SweepJob::runStep);
        QVERIFY(pane->start());
        QVERIFY(steps.wait(kSweepTimeoutMs));
        window.closeWhenStopped();
        QTRY_VERIFY_WITH_TIMEOUT(!window.isVisible(), kSweepTimeoutMs);
        QVERIFY(!pane->isRunning());
        QCOMPARE(load_sweep(dir.toStdString()).count(SweepRunState::Pending), size_t(2));
    }

    // A built-in ablation fills in the definition and asks for its base experiment.
    void builtInAblationFillsTheDefinition() {
        QTemporaryDir root;
        SweepPane pane;
        pane.setRunsRoot(root.path());
        connect(&pane, &SweepPane::experimentRequested, &pane, &SweepPane::setBaseConfig);
        QSignalSpy experiment(&pane, &SweepPane::experimentRequested);
        SweepDefineView* define = pane.define();
        QVERIFY(define->loadAblation(QStringLiteral("reverse-positional")));
        QCOMPARE(experiment.size(), 1);
        QCOMPARE(define->axisCount(), 1);
        QVERIFY2(define->problems().isEmpty(), qPrintable(define->problems().join('\n')));
        QCOMPARE(define->runCountText(), QStringLiteral("3 variants × 2 seeds = 6 runs"));
        const auto spec = define->spec();
        QVERIFY(spec.has_value());
        QCOMPARE(spec->axes.front().key, std::string("model.positional"));
        QCOMPARE(spec->budget.kind, BudgetKind::Steps);
    }

    void rejectedValueIsNamedAndBlocksStart() {
        QTemporaryDir root;
        SweepPane pane;
        pane.setRunsRoot(root.path());
        pane.setBaseConfig(tinyDemo());
        SweepDefineView* define = pane.define();
        define->addAxis(QStringLiteral("model.heads"), QStringLiteral("2,3"));
        define->refreshNow();
        QCOMPARE(define->problems().size(), 1);
        QVERIFY2(define->problems().first().contains(QStringLiteral("model.heads=3")),
                 qPrintable(define->problems().first()));
        QVERIFY(!define->startButton()->isEnabled());
        QVERIFY(!pane.start());
        // A value that is not a number at all is named too.
        define->setAxis(0, QStringLiteral("model.heads"), QStringLiteral("2,four"));
        define->refreshNow();
        QVERIFY(define->problems().join('\n').contains(QStringLiteral("four")));
        QVERIFY(!define->startButton()->isEnabled());
        define->setAxis(0, QStringLiteral("model.heads"), QStringLiteral("2,4"));
        define->refreshNow();
        QVERIFY(define->problems().isEmpty());
        QVERIFY(define->startButton()->isEnabled());
    }

    void smallSweepRunsToTheEnd() {
        QTemporaryDir root;
        SweepPane pane;
        pane.setRunsRoot(root.path());
        pane.setBaseConfig(tinyDemo());
        SweepDefineView* define = pane.define();
        define->addAxis(QStringLiteral("model.heads"), QStringLiteral("1,2"));
        define->setSeeds(QStringLiteral("1"));
        define->setBudget({BudgetKind::Steps, 20});
        define->refreshNow();
        const QString dir = define->outputFolder();
        QSignalSpy finished(pane.job(), &SweepJob::finished);
        QSignalSpy refreshed(pane.results(), &SweepResultsView::refreshed);
        QVERIFY(pane.start());
        QVERIFY(pane.isRunning());
        QVERIFY(!define->startButton()->isEnabled());
        QCOMPARE(pane.sections()->currentWidget(), static_cast<QWidget*>(pane.queue()));
        QVERIFY(finished.wait(kSweepTimeoutMs));
        QVERIFY2(finished.first().at(1).toString().isEmpty(),
                 qPrintable(finished.first().at(1).toString()));

        // The queue: both runs done at step 20, with a validation loss; the bar is full.
        QTableWidget* queue = pane.queue()->table();
        QCOMPARE(queue->rowCount(), 2);
        for (int row = 0; row < 2; ++row) {
            QCOMPARE(queue->item(row, SweepQueueView::StateColumn)->text(), QStringLiteral("done"));
            QVERIFY(queue->item(row, SweepQueueView::StepColumn)->text().startsWith("20"));
            QVERIFY(queue->item(row, SweepQueueView::LossColumn)->text().toDouble() > 0);
        }
        QCOMPARE(pane.queue()->progress()->value(), pane.queue()->progress()->maximum());
        QVERIFY(!pane.queue()->resumeButton()->isEnabled());

        // The results: one row per variant, the numbers of the folder's own report.
        QTRY_VERIFY_WITH_TIMEOUT(!pane.results()->isReading() && pane.results()->report() &&
                                     pane.results()->table()->rowCount() == 2,
                                 20000);
        const SweepReport report = build_sweep_report(dir.toStdString());
        const ComparisonTable expected = sweep_table(report);
        QTableWidget* table = pane.results()->table();
        QCOMPARE(table->columnCount(), int(expected.columns.size()) + 1);
        for (const ComparisonRow& row : expected.rows) {
            const int shown = rowOf(table, QString::fromStdString(row.label));
            QVERIFY(shown >= 0);
            for (size_t c = 0; c < row.cells.size(); ++c)
                QCOMPARE(table->item(shown, int(c) + 1)->text(),
                         QString::fromStdString(row.cells[c]));
        }
        const size_t headline = report.headline;
        const int headlineColumn = [&] {
            for (int c = 0; c < table->columnCount(); ++c)
                if (table->horizontalHeaderItem(c)->text() ==
                    QString::fromStdString(report.quantities[headline].name))
                    return c;
            return -1;
        }();
        QVERIFY(headlineColumn > 0);
        for (size_t v = 0; v < report.variants.size(); ++v) {
            const VariantResult& variant = report.variants[v];
            QCOMPARE(variant.finished, size_t(1));
            const int row = rowOf(table, QString::fromStdString(expected.rows[v].label));
            const double shown = table->item(row, headlineColumn)->data(Qt::UserRole).toDouble();
            const double mean = variant.quantities[headline].mean;
            QVERIFY2(
                std::abs(shown - mean) <= 0.5 * std::pow(10, -report.quantities[headline].decimals),
                qPrintable(QStringLiteral("%1 vs %2").arg(shown).arg(mean)));
        }
        // Exactly one bold (best) cell in the headline column.
        int bold = 0;
        for (int row = 0; row < table->rowCount(); ++row)
            bold += table->item(row, headlineColumn)->font().bold();
        QCOMPARE(bold, 1);
        // The charts: a bar per variant, a validation-loss band per variant (steps 10 and 20).
        QCOMPARE(pane.results()->barChart()->bars().size(), 2);
        QCOMPARE(pane.results()->curveChart()->series().size(), 2);
        QCOMPARE(pane.results()->curveChart()->series().first().steps, (QVector<double>{10, 20}));

        // The table as CSV: a header and one record per variant.
        const QString csv = QDir(root.path()).filePath(QStringLiteral("results.csv"));
        QString error;
        QVERIFY2(pane.results()->exportTable(csv, TableFormat::Csv, &error), qPrintable(error));
        QFile file(csv);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QList<QStringList> records = parseCsv(QString::fromUtf8(file.readAll()));
        QVERIFY(records.size() >= 3);
        int variantRecords = 0;
        for (const QStringList& record : records.mid(1))
            if (record.size() == records.first().size() && !record.first().isEmpty())
                ++variantRecords;
        QCOMPARE(variantRecords, 2);

        // Opened again in another pane (as after a restart): the queue comes from the folder.
        SweepPane reopened;
        reopened.openSweep(dir);
        QTRY_COMPARE(reopened.queue()->table()->rowCount(), 2);
        QCOMPARE(reopened.queue()->table()->item(1, SweepQueueView::StateColumn)->text(),
                 QStringLiteral("done"));
        // Step and best validation loss come from the runs' histories: those the live
        // reports showed.
        for (int row = 0; row < 2; ++row) {
            QCOMPARE(reopened.queue()->table()->item(row, SweepQueueView::StepColumn)->text(),
                     QStringLiteral("20"));
            QCOMPARE(reopened.queue()->table()->item(row, SweepQueueView::LossColumn)->text(),
                     queue->item(row, SweepQueueView::LossColumn)->text());
        }
        QVERIFY(!reopened.queue()->resumeButton()->isEnabled());
        QTRY_COMPARE(reopened.results()->table()->rowCount(), 2);
    }

    void stoppedSweepResumesWhereItStopped() {
        QTemporaryDir root;
        SweepPane pane;
        pane.setRunsRoot(root.path());
        pane.setBaseConfig(tinyDemo());
        SweepDefineView* define = pane.define();
        define->addAxis(QStringLiteral("model.dropout"), QStringLiteral("0,0.1"));
        define->setSeeds(QString());  // the experiment's own seed
        define->setBudget({BudgetKind::Steps, 30});
        define->setEvaluate(false);
        define->refreshNow();
        QCOMPARE(define->runCountText(), QStringLiteral("2 variants × 1 seed = 2 runs"));
        const QString dir = define->outputFolder();
        QSignalSpy finished(pane.job(), &SweepJob::finished);
        // Stop as soon as the first run has trained a few steps.
        connect(pane.job(), &SweepJob::runStep, pane.job(), &SweepJob::stop);
        QVERIFY(pane.start());
        QVERIFY(finished.wait(kSweepTimeoutMs));
        const auto stopped = finished.takeFirst().at(0).value<SweepOutcome>();
        QVERIFY(stopped.stopped);
        QCOMPARE(stopped.pending, size_t(2));
        QVERIFY(pane.queue()->resumeButton()->isEnabled());
        QCOMPARE(load_sweep(dir.toStdString()).count(SweepRunState::Pending), size_t(2));

        disconnect(pane.job(), &SweepJob::runStep, pane.job(), &SweepJob::stop);
        QSignalSpy started(pane.job(), &SweepJob::runStarted);
        pane.queue()->resumeButton()->click();
        QVERIFY(pane.isRunning());
        QVERIFY(finished.wait(kSweepTimeoutMs));
        const auto resumed = finished.takeFirst().at(0).value<SweepOutcome>();
        QVERIFY(!resumed.stopped);
        QCOMPARE(resumed.done, size_t(2));
        // The interrupted run continued from its checkpoint rather than from step 0.
        QVERIFY(!started.isEmpty());
        QVERIFY(started.first().at(1).value<TrainingStarted>().start_step > 0);
        QCOMPARE(pane.queue()->table()->item(0, SweepQueueView::StateColumn)->text(),
                 QStringLiteral("done"));
        QVERIFY(!pane.queue()->resumeButton()->isEnabled());
    }

    void skippedRunIsRetried() {
        QTemporaryDir root;
        SweepPane pane;
        pane.setRunsRoot(root.path());
        pane.setBaseConfig(tinyDemo());
        SweepDefineView* define = pane.define();
        define->addAxis(QStringLiteral("model.heads"), QStringLiteral("1,2"));
        define->setSeeds(QStringLiteral("1"));
        define->setBudget({BudgetKind::Steps, 10});
        define->setEvaluate(false);
        define->refreshNow();
        QSignalSpy finished(pane.job(), &SweepJob::finished);
        // The second run is left out while the first one trains.
        auto skip = connect(pane.job(), &SweepJob::runStarted, pane.job(), [&pane](size_t run) {
            if (run == 0) pane.job()->skip(1);
        });
        QVERIFY(pane.start());
        QVERIFY(finished.wait(kSweepTimeoutMs));
        const auto first = finished.takeFirst().at(0).value<SweepOutcome>();
        QCOMPARE(first.done, size_t(1));
        QCOMPARE(first.skipped, size_t(1));
        QCOMPARE(pane.queue()->table()->item(1, SweepQueueView::StateColumn)->text(),
                 QStringLiteral("skipped"));
        QCOMPARE(pane.queue()->table()->item(1, SweepQueueView::MessageColumn)->text(),
                 QStringLiteral("skipped"));
        QCOMPARE(pane.queue()->table()->item(0, SweepQueueView::MessageColumn)->text(),
                 QStringLiteral("finished: reached train.max_steps (10)"));
        checkQueueInChinese(pane);
        QVERIFY(!pane.queue()->resumeButton()->isEnabled());
        QVERIFY(pane.queue()->retryButton()->isEnabled());

        disconnect(skip);
        pane.queue()->retryButton()->click();
        QVERIFY(finished.wait(kSweepTimeoutMs));
        const auto retried = finished.takeFirst().at(0).value<SweepOutcome>();
        QCOMPARE(retried.done, size_t(2));
        QCOMPARE(pane.queue()->table()->item(1, SweepQueueView::StateColumn)->text(),
                 QStringLiteral("done"));
        QVERIFY(!pane.queue()->retryButton()->isEnabled());
    }

  private:
    // sweep.json keeps each message's pattern: shown again in Chinese, the queue speaks it.
    static void checkQueueInChinese(SweepPane& pane) {
        const auto english = qScopeGuard([] { installUiLanguage(*qApp, QStringLiteral("en")); });
        QCOMPARE(installUiLanguage(*qApp, QStringLiteral("zh_CN")).language(), QLocale::Chinese);
        pane.queue()->showState(load_sweep(pane.sweepDir().toStdString()));
        QCOMPARE(pane.queue()->table()->item(1, SweepQueueView::MessageColumn)->text(),
                 QStringLiteral("已跳过"));
        QCOMPARE(pane.queue()->table()->item(0, SweepQueueView::MessageColumn)->text(),
                 QStringLiteral("完成：达到 train.max_steps（10）"));
        bool budget = false;
        for (const QLabel* label : pane.queue()->findChildren<QLabel*>())
            budget = budget || label->text().contains(QStringLiteral("10 步"));
        QVERIFY2(budget, "the summary names the budget in Chinese");
    }
};

QTEST_MAIN(TestSweepPane)
#include "test_sweep_pane.moc"
