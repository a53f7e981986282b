// The Evaluate area on tiny untrained checkpoints: a result with per-sentence scores sorted
// worst first and kept in the run folder, a row that opens in the Inference area, the
// language-model variant, cancelling, and a clear message for a missing file.
#include <QComboBox>
#include <QHeaderView>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <fstream>

#include <nlohmann/json.hpp>

#include "core/metrics/metric_registry.h"
#include "tests/core/tiny_checkpoint.h"
#include "ui/common/decode_options_form.h"
#include "ui/evaluation/evaluation_job.h"
#include "ui/evaluation/evaluation_pane.h"
#include "ui/evaluation/extrapolation_dialog.h"

using namespace tfw;

namespace {

QString writeLines(const QTemporaryDir& dir, const char* name, const std::string& text) {
    const QString path = dir.filePath(QLatin1String(name));
    std::ofstream(path.toStdString()) << text;
    return path;
}

QList<double> scores(const QTableWidget& table) {
    QList<double> values;
    for (int row = 0; row < table.rowCount(); ++row)
        values << table.item(row, 1)->data(Qt::UserRole).toDouble();
    return values;
}

}  // namespace

class TestEvaluationPane final : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void evaluatesSortsWorstFirstAndKeepsTheResult() {
        QTemporaryDir root;
        const QString checkpoint = QString::fromStdString(
            test::write_tiny_run(root.path().toStdString(), "mt", Task::Translation));
        const QString src = writeLines(root, "src.txt", "a b c\nd e\nf a b c d\nb b a\n");
        const QString ref = writeLines(root, "ref.txt", "c b a\ne d\nd c b a f\na b b\n");
        EvaluationPane pane;
        pane.setRunsRoot(root.path());
        QTRY_COMPARE(pane.checkpoint(), checkpoint);  // the run's checkpoint is offered
        pane.setCustomFiles(src, ref);
        QSignalSpy saved(&pane, &EvaluationPane::evaluationSaved);
        pane.evaluate();
        QVERIFY(pane.isRunning());
        QVERIFY(saved.wait(60000));

        const QString runDir = root.filePath(QStringLiteral("mt"));
        QCOMPARE(saved.first().at(0).toString(), runDir);
        QVERIFY(QFileInfo(saved.first().at(1).toString()).dir().path().endsWith("mt/evals"));
        QTableWidget* table = pane.sentenceTable();
        QCOMPARE(table->rowCount(), 4);
        QCOMPARE(table->horizontalHeaderItem(1)->text(), QStringLiteral("sentence BLEU"));
        const QList<double> values = scores(*table);
        QVERIFY(std::is_sorted(values.begin(), values.end()));
        QVERIFY(pane.summaryText().contains(QStringLiteral("BLEU")));
        QVERIFY(pane.summaryText().contains(QStringLiteral("nrefs:1|case:mixed")));
        // Every metric the registry gives translation, named as the registry names it.
        for (const MetricInfo* metric : metrics_for(Task::Translation))
            QVERIFY2(pane.summaryText().contains(QString::fromStdString(metric->name)),
                     metric->name.c_str());
        QTRY_VERIFY(!pane.isRunning());
        QTRY_VERIFY(pane.findChild<QPushButton*>(QStringLiteral("evaluate"))->isEnabled());

        // The saved result is listed and a row opens with its own source and reference.
        const auto* savedList = pane.findChild<QComboBox*>(QStringLiteral("savedResults"));
        QTRY_VERIFY(savedList->itemText(0).contains(QStringLiteral("best · custom · BLEU")));
        QCOMPARE(savedList->count(), 1);
        QSignalSpy open(&pane, &EvaluationPane::openInInference);
        Q_EMIT table->cellDoubleClicked(2, 2);
        QCOMPARE(open.count(), 1);
        QCOMPARE(open.first().at(0).toString(), checkpoint);
        QCOMPARE(open.first().at(1).toString(), table->item(2, 2)->text());
        QCOMPARE(open.first().at(2).toString(), table->item(2, 4)->text());

        // Opened again later, the area shows the checkpoint's latest result straight away.
        EvaluationPane later;
        later.setRunsRoot(root.path());
        QTRY_COMPARE(later.sentenceTable()->rowCount(), 4);
        QVERIFY(later.summaryText().contains(QStringLiteral("BLEU")));
    }

    void decodingFollowsTheExperimentUnlessTheFormIsChosen() {
        QTemporaryDir root;
        test::write_tiny_run(root.path().toStdString(), "mt", Task::Translation,
                             [](ExperimentConfig& c) { c.decode.beam = 2; });
        EvaluationPane pane;
        pane.setRunsRoot(root.path());
        pane.setCustomFiles(writeLines(root, "src.txt", "a b c\nd e\n"),
                            writeLines(root, "ref.txt", "c b a\ne d\n"));
        QVERIFY(!pane.optionsForm()->isEnabled());  // by default: as the experiment says
        // The greyed form shows the experiment's settings, not the form's defaults.
        QTRY_COMPARE(pane.optionsForm()->options().beam, 2);
        QCOMPARE(pane.optionsForm()->mode(), DecodeOptionsForm::Mode::Beam);
        QSignalSpy first(&pane, &EvaluationPane::evaluationSaved);
        pane.evaluate();
        QVERIFY(first.wait(60000));
        std::ifstream firstFile(first.first().at(1).toString().toStdString());
        QCOMPARE(nlohmann::json::parse(firstFile)["decode"]["beam"].get<int>(), 2);
        QTRY_VERIFY(!pane.isRunning());
        QCOMPARE(pane.optionsForm()->options().beam, 2);
        // A row opens in Inference with the settings the evaluation decoded it with.
        QSignalSpy open(&pane, &EvaluationPane::openInInference);
        Q_EMIT pane.sentenceTable()->cellDoubleClicked(0, 2);
        QCOMPARE(open.count(), 1);
        QCOMPARE(qvariant_cast<DecodeOptions>(open.first().at(3)).beam, 2);

        DecodeOptions options;
        options.beam = 3;
        pane.optionsForm()->setOptions(options);
        pane.setUseCheckpointDecoding(false);
        QVERIFY(pane.optionsForm()->isEnabled());
        QSignalSpy saved(&pane, &EvaluationPane::evaluationSaved);
        pane.evaluate();
        QVERIFY(saved.wait(60000));
        std::ifstream in(saved.first().at(1).toString().toStdString());
        const nlohmann::json result = nlohmann::json::parse(in);
        QCOMPARE(result["decode"]["beam"].get<int>(), 3);
        QVERIFY(pane.summaryText().contains(QStringLiteral("beam 3")));
    }

    void languageModelShowsPerplexityPerLine() {
        QTemporaryDir root;
        test::write_tiny_run(root.path().toStdString(), "lm", Task::LanguageModel);
        EvaluationPane pane;
        pane.setRunsRoot(root.path());
        pane.setCustomFiles(writeLines(root, "text.txt", "a b c\nd e f a\nb\n"), QString());
        QSignalSpy saved(&pane, &EvaluationPane::evaluationSaved);
        pane.evaluate();
        QVERIFY(saved.wait(60000));
        QTableWidget* table = pane.sentenceTable();
        QCOMPARE(table->rowCount(), 3);
        QCOMPARE(table->horizontalHeaderItem(1)->text(), QStringLiteral("perplexity"));
        QVERIFY(table->isColumnHidden(3));
        const QList<double> values = scores(*table);
        QVERIFY(std::is_sorted(values.rbegin(), values.rend()));  // worst = highest first
        QVERIFY(values.last() > 1.0);
    }

    // Length extrapolation: two language models with different positions, one line each;
    // windows past a sinusoidal model's table are not measurable and leave a gap; a
    // sequence-to-sequence checkpoint is refused with a sentence.
    void lengthExtrapolationDrawsOneLinePerCheckpoint() {
        QTemporaryDir root;
        const std::string dir = root.path().toStdString();
        test::write_tiny_run(dir, "lm-rope", Task::LanguageModel, [](ExperimentConfig& c) {
            c.model.positional = Positional::Rope;
            c.data.max_tgt_len = 8;
        });
        test::write_tiny_run(dir, "lm-sinusoidal", Task::LanguageModel, [](ExperimentConfig& c) {
            c.data.max_tgt_len = 8;  // the table has model.max_positions = 64 rows
        });
        test::write_tiny_run(dir, "mt", Task::Translation);
        std::string text;
        for (int i = 0; i < 60; ++i) text += "a b c d e f\n";
        EvaluationPane pane;
        pane.setRunsRoot(root.path());
        QTRY_COMPARE(pane.findChild<QComboBox*>()->count(), 3);
        pane.setCustomFiles(writeLines(root, "text.txt", text), QString());
        pane.setCheckpoint(root.filePath(QStringLiteral("lm-rope/checkpoints/best.tfw")));
        pane.showExtrapolation();
        auto* dialog = pane.findChild<ExtrapolationDialog*>(QStringLiteral("extrapolationDialog"));
        QVERIFY(dialog);
        QSignalSpy measured(dialog, &ExtrapolationDialog::measured);
        QVERIFY(measured.wait(60000));
        QCOMPARE(dialog->chart()->curves().size(), 1);
        const ExtrapolationCurve rope = dialog->chart()->curves().first();
        QCOMPARE(rope.windows, (QVector<double>{8, 16, 32}));
        QCOMPARE(rope.trainedWindow, 8.0);
        QVERIFY(rope.label.contains(QStringLiteral("rope")));
        for (double p : rope.perplexities) QVERIFY(std::isfinite(p) && p > 1);

        auto* windows = dialog->findChild<QLineEdit*>();
        auto* choice = dialog->findChild<QComboBox*>();
        choice->setCurrentIndex(
            choice->findText(QStringLiteral("lm-sinusoidal"), Qt::MatchStartsWith));
        windows->setText(QStringLiteral("8, 128"));  // 128 is past the 64-row table
        dialog->measure();
        QVERIFY(dialog->isRunning());
        QVERIFY(measured.wait(60000));
        QCOMPARE(dialog->chart()->curves().size(), 2);
        const ExtrapolationCurve sinusoidal = dialog->chart()->curves().last();
        QVERIFY(sinusoidal.label.contains(QStringLiteral("sinusoidal")));
        QVERIFY(std::isfinite(sinusoidal.perplexities[0]));
        QVERIFY(std::isnan(sinusoidal.perplexities[1]));
        QVERIFY(sinusoidal.color != rope.color);
        auto* table = dialog->findChild<QTableWidget*>();
        QCOMPARE(table->rowCount(), 5);
        QVERIFY(table->item(4, 2)->text().contains(QStringLiteral("max_positions")));

        // Measured again with other windows: its line is replaced, not drawn twice.
        windows->setText(QStringLiteral("8, 16"));
        dialog->measure();
        QVERIFY(measured.wait(60000));
        QCOMPARE(dialog->chart()->curves().size(), 2);
        QCOMPARE(dialog->chart()->curves().last().windows, (QVector<double>{8, 16}));
        QCOMPARE(dialog->chart()->curves().last().color, sinusoidal.color);
        QCOMPARE(table->rowCount(), 5);

        choice->setCurrentIndex(choice->findText(QStringLiteral("mt"), Qt::MatchStartsWith));
        windows->setText(QStringLiteral("auto"));
        dialog->measure();
        QVERIFY(measured.wait(60000));
        QVERIFY(dialog->status().contains(QStringLiteral("sequence-to-sequence")));
        QCOMPARE(dialog->chart()->curves().size(), 2);
        QTRY_VERIFY(dialog->findChild<QPushButton*>(QStringLiteral("measure"))->isEnabled());
    }

    void cancellingKeepsNothing() {
        QTemporaryDir root;
        test::write_tiny_run(root.path().toStdString(), "mt", Task::Translation);
        std::string many;
        for (int i = 0; i < 4000; ++i) many += "a b c d e f a b c d\n";
        EvaluationPane pane;
        pane.setRunsRoot(root.path());
        pane.setCustomFiles(writeLines(root, "src.txt", many), writeLines(root, "ref.txt", many));
        auto* job = pane.findChild<EvaluationJob*>();
        QSignalSpy progress(job, &EvaluationJob::progress);
        QSignalSpy cancelled(job, &EvaluationJob::cancelled);
        pane.evaluate();
        QVERIFY(progress.wait(60000));
        pane.cancel();
        QVERIFY(cancelled.wait(60000));
        QTRY_VERIFY(!pane.isRunning());
        QVERIFY(progress.last().at(0).toLongLong() < 4000);
        QVERIFY(!QDir(root.filePath(QStringLiteral("mt/evals"))).exists());
        QCOMPARE(pane.sentenceTable()->rowCount(), 0);
    }

    void aMissingFileIsReported() {
        QTemporaryDir root;
        test::write_tiny_run(root.path().toStdString(), "mt", Task::Translation);
        EvaluationPane pane;
        pane.setRunsRoot(root.path());
        pane.setCustomFiles(root.filePath(QStringLiteral("missing.txt")),
                            root.filePath(QStringLiteral("missing.txt")));
        QSignalSpy failed(pane.findChild<EvaluationJob*>(), &EvaluationJob::failed);
        pane.evaluate();
        QVERIFY(failed.wait(60000));
        QVERIFY(failed.first().at(0).toString().contains(QStringLiteral("missing.txt")));
        QTRY_VERIFY(pane.findChild<QMessageBox*>() != nullptr);
    }
};

QTEST_MAIN(TestEvaluationPane)
#include "test_evaluation_pane.moc"
