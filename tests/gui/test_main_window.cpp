// The window as a whole: Start follows the form's validity, a run started from the window
// lands in the runs folder, closing during a run stops it cleanly first, and a saved
// evaluation shows in the Runs and Compare tabs.
#include <QAction>
#include <QComboBox>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QMenuBar>
#include <QPushButton>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "core/check/check_result.h"
#include "core/compare/metrics_table.h"
#include "core/config/config_io.h"
#include "core/config/config_schema.h"
#include "core/io/run_directory.h"
#include "core/io/run_lock.h"
#include "tests/core/tiny_checkpoint.h"
#include "ui/common/choice_text.h"
#include "ui/common/field_editor.h"
#include "ui/common/phrase_text.h"
#include "ui/common/ui_language.h"
#include "ui/compare/compare_pane.h"
#include "ui/evaluation/evaluation_pane.h"
#include "ui/experiment/device_hint.h"
#include "ui/experiment/experiment_form.h"
#include "ui/experiment/experiment_pane.h"
#include "ui/inference/inference_pane.h"
#include "ui/main_window.h"
#include "ui/runs/runs_pane.h"
#include "ui/training/training_pane.h"
#include "ui/training/training_runner.h"

using namespace tfw;

namespace {

QSpinBox* spinBox(MainWindow& window, const char* key) {
    return window.experimentPane()->form()->editor(QLatin1String(key))->findChild<QSpinBox*>();
}

QString writeLines(const QTemporaryDir& dir, const char* name, const std::string& text) {
    const QString path = dir.filePath(QLatin1String(name));
    std::ofstream(path.toStdString()) << text;
    return path;
}

QStringList rowLabels(QTableWidget* table) {
    QStringList labels;
    for (int row = 0; row < table->rowCount(); ++row) labels << table->item(row, 0)->text();
    return labels;
}

}  // namespace

class TestMainWindow final : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void startFollowsValidity() {
        QTemporaryDir root;
        MainWindow window({QStringLiteral("demo"), root.path()});
        QAction* start = window.trainingPane()->startAction();
        QVERIFY(start->isEnabled());

        spinBox(window, "model.d_model")->setValue(512);
        spinBox(window, "model.heads")->setValue(6);
        QVERIFY(!start->isEnabled());
        QVERIFY(start->toolTip().contains(QStringLiteral("must divide model.d_model")));
        QVERIFY(window.statusBar()->currentMessage().contains(QStringLiteral("model.heads (6)")));
        QVERIFY(window.startTraining().isEmpty());

        spinBox(window, "model.heads")->setValue(8);
        QVERIFY(start->isEnabled());
    }

    // Asked for Chinese, the window's menus, tabs and the experiment form speak it (the
    // translation is compiled in), the keys stay in the tooltips; English comes back.
    void theWindowSpeaksChineseWhenAsked() {
        // English again however this test ends, for the tests after it.
        const auto english = qScopeGuard([] { installUiLanguage(*qApp, QStringLiteral("en")); });
        QCOMPARE(installUiLanguage(*qApp, QStringLiteral("zh_CN")).language(), QLocale::Chinese);
        {
            QTemporaryDir root;
            MainWindow window({QStringLiteral("demo"), root.path()});
            const auto chinese = [](const QString& text) {
                return std::any_of(text.begin(), text.end(), [](QChar c) {
                    return c.unicode() >= 0x4e00 && c.unicode() <= 0x9fff;
                });
            };
            for (QAction* menu : window.menuBar()->actions())
                QVERIFY2(chinese(menu->text()), qPrintable(menu->text()));
            auto* tabs = qobject_cast<QTabWidget*>(window.centralWidget());
            QVERIFY(tabs);
            for (int i = 0; i < tabs->count(); ++i)
                QVERIFY2(chinese(tabs->tabText(i)), qPrintable(tabs->tabText(i)));
            // The form's labels are words, not keys; the key stays in the tooltip.
            ExperimentForm* form = window.experimentPane()->form();
            FieldEditor* width = form->editor(QStringLiteral("model.d_model"));
            QLabel* label = nullptr;
            for (QLabel* candidate : form->findChildren<QLabel*>())
                if (candidate->buddy() == width) label = candidate;
            QVERIFY(label);
            QCOMPARE(label->text(), QCoreApplication::translate("ConfigField", "Model width"));
            QVERIFY2(chinese(label->text()), qPrintable(label->text()));
            QVERIFY(width->toolTip().contains(QStringLiteral("model.d_model")));
            QVERIFY2(chinese(width->toolTip()), qPrintable(width->toolTip()));

            // A choice reads as a word with the value the config file writes beside it, or as
            // the value alone where that is a name (relu, adam, cuda).
            for (const ConfigField& field : config_fields())
                for (const std::string& choice : field.choices) {
                    const QString value = QString::fromStdString(choice),
                                  shown = choiceText(choice);
                    QVERIFY2(shown == value || (chinese(shown) && shown.contains(value)),
                             qPrintable(shown));
                }
            auto* task = form->editor(QStringLiteral("task"))->findChild<QComboBox*>();
            QVERIFY(task);
            QVERIFY2(chinese(task->currentText()), qPrintable(task->currentText()));
            QCOMPARE(task->currentData().toString(), QStringLiteral("translation"));

            // What the core says about an experiment and its checks: the pattern translated,
            // the values filled in.
            ExperimentConfig wrong = load_preset("demo");
            wrong.model.heads = 3;
            const Phrase problem = validate(wrong).at(0).message;
            const QString shown = phraseText(problem);
            QVERIFY2(chinese(shown) && shown.contains(QStringLiteral("model.heads（3）")) &&
                         shown.contains(QStringLiteral("model.d_model（128）")),
                     qPrintable(shown));
            QVERIFY(chinese(markedText("Check", "No peeking at future tokens")));
            const Phrase figure = check_text("max change %1 (before position %2)", {"0", "7"});
            QVERIFY2(
                chinese(phraseText(figure)) && phraseText(figure).contains(QStringLiteral("7")),
                qPrintable(phraseText(figure)));
            // The comparison table's row names, a series' name and its suffix translated apart.
            const ComparisonTable metrics = metrics_table({});
            const auto best = std::find_if(
                metrics.rows.begin(), metrics.rows.end(),
                [](const ComparisonRow& row) { return row.label == "valid loss (best)"; });
            QVERIFY(best != metrics.rows.end());
            QCOMPARE(phraseText(best->title), QStringLiteral("验证损失（最佳）"));
            // The device hint under train.device speaks Chinese too.
            QVERIFY2(chinese(deviceHint({}, false)), qPrintable(deviceHint({}, false)));
            QVERIFY2(chinese(deviceHint({GpuInfo{0, "NVIDIA H200", int64_t(140) << 30}}, true)),
                     qPrintable(deviceHint({GpuInfo{0, "NVIDIA H200", int64_t(140) << 30}}, true)));
            TrainingStarted info;
            info.threads = 2;
            QVERIFY2(chinese(TrainingPane::deviceText(info)),
                     qPrintable(TrainingPane::deviceText(info)));
        }
        QCOMPARE(installUiLanguage(*qApp, QStringLiteral("en")).language(), QLocale::English);
        QTemporaryDir root;
        MainWindow window({QStringLiteral("demo"), root.path()});
        QCOMPARE(window.menuBar()->actions().value(0)->text(), QStringLiteral("&File"));
    }

    void closingDuringARunStopsItFirst() {
        QTemporaryDir root;
        MainWindow window({QStringLiteral("demo"), root.path()});
        window.show();
        QSignalSpy steps(window.trainingPane()->runner(), &TrainingRunner::step);
        const QString runDir = window.startTraining();
        QVERIFY(runDir.startsWith(root.path()));
        QVERIFY(window.trainingPane()->isRunning());
        QVERIFY(!window.trainingPane()->startAction()->isEnabled());
        QVERIFY(steps.wait(60000));

        window.closeWhenStopped();
        QVERIFY(window.isVisible());  // waits for the trainer to save its checkpoint
        QTRY_VERIFY_WITH_TIMEOUT(!window.isVisible(), 60000);
        QVERIFY(!window.trainingPane()->isRunning());
        QCOMPARE(QString::fromStdString(read_run_status(runDir.toStdString()).state),
                 QStringLiteral("stopped"));
        QTRY_COMPARE(window.runsPane()->runCount(), 1);
    }

    // After a run finishes, trying it is one click away: Inference and Evaluate already have its
    // best checkpoint, and the Training tab offers "Open in Inference".
    void aFinishedRunIsReadyToTry() {
        QTemporaryDir root;
        MainWindow window({QStringLiteral("demo"), root.path()});
        window.show();
        spinBox(window, "train.max_steps")->setValue(20);
        QSignalSpy finished(window.trainingPane(), &TrainingPane::runFinished);
        const QString runDir = window.startTraining();
        QVERIFY(finished.wait(120000));
        const QString best =
            QFileInfo(QString::fromStdString(RunPaths(runDir.toStdString()).best_checkpoint()))
                .canonicalFilePath();
        QVERIFY(!best.isEmpty());
        const auto canonical = [](const QString& path) {
            return QFileInfo(path).canonicalFilePath();
        };
        QTRY_COMPARE_WITH_TIMEOUT(canonical(window.inferencePane()->checkpoint().path), best,
                                  60000);
        QCOMPARE(canonical(window.evaluationPane()->checkpoint()), best);
        QPushButton* open = nullptr;
        for (QPushButton* button : window.trainingPane()->findChildren<QPushButton*>())
            if (button->text() == QStringLiteral("Open in Inference")) open = button;
        QVERIFY(open && open->isVisible());
        open->click();
        QCOMPARE(qobject_cast<QTabWidget*>(window.centralWidget())->currentWidget(),
                 static_cast<QWidget*>(window.inferencePane()));
    }

    void runsTableListsSweepRunsAndTheLiveStep() {
        QTemporaryDir root;
        const std::string dir = root.path().toStdString();
        test::write_tiny_run(dir, "plain", Task::Translation);
        // A sweep's runs live in SWEEP/runs/NAME.
        std::filesystem::create_directories(dir + "/heads-sweep");
        std::ofstream(dir + "/heads-sweep/sweep.json") << "{}\n";
        test::write_tiny_run(dir + "/heads-sweep/runs", "heads=4-seed1", Task::Translation);
        // A run being trained: status.json says step 0 until its first validation, the
        // history has the steps since.
        test::write_tiny_run(dir, "training", Task::Translation);
        RunStatus running;
        running.state = "running";
        running.step = 0;
        running.started_at = "2099-01-01T00:00:00Z";
        write_run_status(dir + "/training", running);
        const RunLock lock(dir + "/training");  // a run with no live trainer reads as stopped
        // A diverged run's perplexity reads as a number, not 47 digits.
        RunStatus diverged;
        diverged.state = "diverged";
        diverged.step = 12;
        diverged.best_valid_loss = 108.0;
        write_run_status(dir + "/plain", diverged);
        std::ofstream history(RunPaths(dir + "/training").history());
        for (const int step : {10, 20, 30}) {
            StepReport report;
            report.step = step;
            history << to_json(report).dump() << "\n";
        }
        history.close();

        RunsPane pane;
        pane.resize(1200, 800);
        pane.show();
        pane.setRunsRoot(root.path());
        QTRY_COMPARE(pane.runCount(), 3);
        auto* table = pane.findChild<QTableWidget*>();
        QStringList names;
        for (int row = 0; row < table->rowCount(); ++row) names << table->item(row, 0)->text();
        QVERIFY2(names.contains(QStringLiteral("heads-sweep / heads=4-seed1")),
                 qPrintable(names.join(", ")));
        QCOMPARE(names.first(), QStringLiteral("training"));  // newest first
        int steps = -1;
        for (int c = 0; c < table->columnCount(); ++c)
            if (table->horizontalHeaderItem(c)->text() == QStringLiteral("Steps")) steps = c;
        QVERIFY(steps >= 0);
        QCOMPARE(table->item(0, steps)->text(), QStringLiteral("30"));
        int perplexity = -1;
        for (int c = 0; c < table->columnCount(); ++c)
            if (table->horizontalHeaderItem(c)->text() == QStringLiteral("Best valid ppl"))
                perplexity = c;
        for (int row = 0; row < table->rowCount(); ++row)
            if (table->item(row, 0)->text() == QStringLiteral("plain"))
                QCOMPARE(table->item(row, perplexity)->text(), QStringLiteral("8.013e+46"));
        // Times in the window's language's long format, as everywhere in the window.
        const int started = table->columnCount() - 1;
        QCOMPARE(table->item(0, started)->text(),
                 QLocale().toString(
                     QDateTime::fromString(QStringLiteral("2099-01-01T00:00:00Z"), Qt::ISODate)
                         .toLocalTime(),
                     QLocale::LongFormat));
        // Several runs in sight, not one and a half.
        QVERIFY2(table->height() >= table->horizontalHeader()->height() +
                                        4 * table->verticalHeader()->defaultSectionSize(),
                 qPrintable(QString::number(table->height())));
    }

    void savingAnEvaluationRereadsRunsAndCompare() {
        QTemporaryDir root;
        MainWindow window({QStringLiteral("demo"), root.path()});
        QTRY_VERIFY(!window.runsPane()->isReading());
        QCOMPARE(window.runsPane()->runCount(), 0);
        // A run written behind the window's back (as tfw would): the Runs tab has not read it.
        const QString checkpoint = QString::fromStdString(
            test::write_tiny_run(root.path().toStdString(), "mt", Task::Translation));
        const QString runDir = root.filePath(QStringLiteral("mt"));
        ComparePane* compare = window.comparePane();
        compare->addItem(runDir);
        QTRY_COMPARE_WITH_TIMEOUT(compare->items().size(), 1, 60000);
        QVERIFY(!rowLabels(compare->metricsTable()).contains(QStringLiteral("evaluated")));

        EvaluationPane* evaluation = window.evaluationPane();
        evaluation->setCheckpoint(checkpoint);
        evaluation->setCustomFiles(writeLines(root, "src.txt", "a b c\nd e\n"),
                                   writeLines(root, "ref.txt", "c b a\ne d\n"));
        QSignalSpy saved(evaluation, &EvaluationPane::evaluationSaved);
        evaluation->evaluate();
        QVERIFY(saved.wait(60000));

        QTRY_COMPARE_WITH_TIMEOUT(window.runsPane()->runCount(), 1, 60000);
        QTRY_VERIFY_WITH_TIMEOUT(
            rowLabels(compare->metricsTable()).contains(QStringLiteral("evaluated")), 60000);
    }
};

QTEST_MAIN(TestMainWindow)
#include "test_main_window.moc"
