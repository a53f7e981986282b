// The Inference pane on tiny checkpoints trained here: loading and decoding off the UI
// thread, n-best outputs with scores, pieces and a reference score, the attention grid and
// the large heatmap, head masking that re-decodes, cancelling, export, summarization (ROUGE),
// a language model (decoder self-attention only) and the window's showInInference.
#include <QApplication>
#include <QComboBox>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QPushButton>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>

#include "core/io/run_directory.h"
#include "tests/gui/inference_test_runs.h"
#include "ui/common/decode_options_form.h"
#include "ui/inference/attention_inspector.h"
#include "ui/inference/inference_pane.h"
#include "ui/main_window.h"
#include "ui/runs/runs_pane.h"
#include "widgets/attention_grid.h"
#include "widgets/attention_heatmap.h"

using namespace tfw;

namespace {

constexpr int kTimeoutMs = 60000;

bool sameWeights(const AttentionMap& a, const AttentionMap& b) {
    return a.rows == b.rows && a.columns == b.columns && a.weights == b.weights;
}

}  // namespace

class TestInferencePane final : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_root.isValid());
        m_translation = test::trainReverseRun(m_root.filePath(QStringLiteral("reverse")));
        QVERIFY(QFileInfo::exists(m_translation));

        ExperimentConfig lm = test::tinyRun(Task::LanguageModel);
        const QString trainFile = m_root.filePath(QStringLiteral("lm.train"));
        const QString valid = m_root.filePath(QStringLiteral("lm.valid"));
        test::writeLines(trainFile,
                         QStringLiteral("the cat sat on the mat and the dog sat on the log"), 300);
        test::writeLines(valid, QStringLiteral("the dog sat on the mat"), 20);
        lm.data.train = trainFile.toStdString();
        lm.data.valid = valid.toStdString();
        m_lm = test::train(lm, m_root.filePath(QStringLiteral("lm")));
        QVERIFY(QFileInfo::exists(m_lm));

        ExperimentConfig summary = test::tinyRun(Task::Summarization);
        const QString articles = m_root.filePath(QStringLiteral("articles"));
        const QString summaries = m_root.filePath(QStringLiteral("summaries"));
        test::writeLines(articles, QStringLiteral("the cat sat on the mat and then the dog came"),
                         200);
        test::writeLines(summaries, QStringLiteral("cat sat"), 200);
        summary.data.train_src = summary.data.valid_src = articles.toStdString();
        summary.data.train_tgt = summary.data.valid_tgt = summaries.toStdString();
        m_summarization = test::train(summary, m_root.filePath(QStringLiteral("summarization")));
        QVERIFY(QFileInfo::exists(m_summarization));
    }

    void listsTheRunsCheckpoints() {
        InferencePane pane;
        pane.setRunsRoot(m_root.path());
        QComboBox* list = pane.checkpointList();
        const auto paths = [list] {
            QStringList listed;
            for (int i = 0; i < list->count(); ++i) listed.append(list->itemData(i).toString());
            return listed;
        };
        QTRY_VERIFY(paths().contains(QFileInfo(m_translation).canonicalFilePath()));
        QVERIFY(paths().contains(QFileInfo(m_lm).canonicalFilePath()));
    }

    void translationDecodesWithAttentionAndMasking() {
        InferencePane pane;
        pane.resize(1400, 900);
        pane.show();
        QSignalSpy loaded(&pane, &InferencePane::checkpointLoaded);
        QSignalSpy finished(&pane, &InferencePane::decodeFinished);
        pane.openCheckpoint(m_translation);
        QVERIFY(pane.isBusy());
        QVERIFY(loaded.wait(kTimeoutMs));
        QCOMPARE(pane.checkpoint().task, Task::Translation);
        QCOMPARE(pane.inspector()->availableStacks(),
                 (QList<AttentionStack>{AttentionStack::Cross, AttentionStack::EncoderSelf,
                                        AttentionStack::DecoderSelf}));

        DecodeOptions options = pane.optionsForm()->options();
        options.beam = 3;
        options.nbest = 2;
        pane.optionsForm()->setOptions(options);
        QCOMPARE(pane.optionsForm()->mode(), DecodeOptionsForm::Mode::Beam);
        pane.setInput(QStringLiteral("red cat three blue"), QStringLiteral("blue three cat red"));
        pane.decode();
        QVERIFY(finished.wait(kTimeoutMs));
        const InferenceResult first = pane.lastResult();
        QCOMPARE(first.outputs.size(), 2);
        QCOMPARE(pane.outputsTable()->rowCount(), 2);
        QCOMPARE(first.metricName, QStringLiteral("BLEU"));
        QCOMPARE(first.inputPieces,
                 (QStringList{"red", "cat", "three", "blue", QStringLiteral("</s>")}));
        QVERIFY(first.outputs[0].normalized >= first.outputs[1].normalized);
        for (const InferenceOutput& out : first.outputs) {
            QVERIFY(out.score <= 0);
            QVERIFY(out.metric >= 0 && out.metric <= 100);
        }

        // The grid: decoder layers × heads, plus the mean row, of the selected output.
        AttentionGrid* grid = pane.inspector()->grid();
        QCOMPARE(pane.inspector()->stack(), AttentionStack::Cross);
        QCOMPARE(grid->layers(), 3);
        QCOMPARE(grid->heads(), 2);
        QCOMPARE(grid->cellCount(), 3 * (2 + 1));
        const AttentionMap& cross = grid->map(0, 0);
        QCOMPARE(cross.rows, static_cast<int>(first.outputs[0].pieces.size()) + 1);
        QCOMPARE(cross.columns, 5);
        QCOMPARE(cross.columnLabels, first.inputPieces);
        for (int r = 0; r < cross.rows; ++r) {
            double sum = 0;
            for (int c = 0; c < cross.columns; ++c) sum += cross.at(r, c);
            QVERIFY(std::abs(sum - 1.0) < 1e-3);
        }
        pane.inspector()->setStack(AttentionStack::EncoderSelf);
        QCOMPARE(grid->layers(), 2);
        QCOMPARE(grid->map(1, 1).rows, 5);
        pane.inspector()->setStack(AttentionStack::Cross);

        // Clicking a cell shows that layer and head large; a row selects its query token.
        QTest::mouseClick(grid, Qt::LeftButton, {}, grid->cellRect(1, 1).center());
        AttentionHeatmap* heatmap = pane.inspector()->heatmap();
        QVERIFY2(heatmap->title().contains(QStringLiteral("layer 2 · head 2")),
                 qPrintable(heatmap->title()));
        QVERIFY(sameWeights(heatmap->map(), grid->map(1, 1)));
        const auto geometry = heatmap->geometryFor(heatmap->size());
        QVERIFY(!geometry.cells.isEmpty());
        const QPoint rowLabel(geometry.rowLabels.center().x(),
                              geometry.cells.top() + static_cast<int>(geometry.cellHeight / 2));
        QTest::mouseClick(heatmap, Qt::LeftButton, {}, rowLabel);
        QCOMPARE(heatmap->selectedRow(), 0);
        QTest::mouseMove(heatmap, geometry.cells.topLeft() + QPoint(2, 2));
        QVERIFY2(heatmap->readout().contains(heatmap->map().columnLabels.value(0)),
                 qPrintable(heatmap->readout()));

        // Switching a head off decodes again without it; switching it on restores the output.
        QTest::mouseClick(grid, Qt::LeftButton, Qt::ControlModifier, grid->cellRect(2, 0).center());
        QVERIFY(grid->isMasked(2, 0));
        QVERIFY(finished.wait(kTimeoutMs));
        const InferenceResult masked = pane.lastResult();
        QCOMPARE(masked.masked.size(), size_t(1));
        QVERIFY(masked.masked[0] == (HeadSelection{AttentionStack::Cross, 2, 0}));
        QVERIFY(std::abs(masked.outputs[0].score - first.outputs[0].score) > 1e-6);
        QCOMPARE(pane.outputsTable()->item(0, 2)->text(),
                 QString::number(masked.outputs[0].score, 'f', 3));
        QVERIFY(grid->isMasked(2, 0));  // still shown crossed out after the new output
        pane.inspector()->setMasked({AttentionStack::Cross, 2, 0}, false);
        QVERIFY(finished.wait(kTimeoutMs));
        QVERIFY(pane.lastResult().masked.empty());
        QVERIFY(std::abs(pane.lastResult().outputs[0].score - first.outputs[0].score) < 1e-4);

        // The second hypothesis has its own attention.
        pane.selectOutput(1);
        QCOMPARE(grid->map(0, 0).rows, static_cast<int>(first.outputs[1].pieces.size()) + 1);

        for (const char* name : {"grid.png", "grid.svg", "grid.pdf"}) {
            const QString path = m_root.filePath(QLatin1String(name));
            QVERIFY(grid->exportImage(path));
            QVERIFY(QFileInfo(path).size() > 0);
        }
        QVERIFY(heatmap->exportImage(m_root.filePath(QStringLiteral("heatmap.svg"))));
    }

    void cancellingStopsALongDecoding() {
        InferencePane pane;
        QSignalSpy loaded(&pane, &InferencePane::checkpointLoaded);
        QSignalSpy finished(&pane, &InferencePane::decodeFinished);
        pane.openCheckpoint(m_translation);
        QVERIFY(loaded.wait(kTimeoutMs));
        DecodeOptions options;
        options.min_len = 200;
        options.max_len_b = 220;
        pane.optionsForm()->setOptions(options);
        pane.setInput(QStringLiteral("red cat"));
        pane.decode();
        pane.cancel();
        QVERIFY(finished.wait(kTimeoutMs));
        QVERIFY(pane.lastResult().cancelled);
        QVERIFY(pane.lastResult().outputs[0].pieces.size() < 200);
        QVERIFY(!pane.isBusy());
    }

    void languageModelHasOnlyDecoderSelfAttention() {
        InferencePane pane;
        QSignalSpy loaded(&pane, &InferencePane::checkpointLoaded);
        QSignalSpy finished(&pane, &InferencePane::decodeFinished);
        pane.openCheckpoint(m_lm);
        QVERIFY(loaded.wait(kTimeoutMs));
        QCOMPARE(pane.inspector()->availableStacks(),
                 QList<AttentionStack>{AttentionStack::DecoderSelf});
        pane.setInput(QStringLiteral("the cat"));
        pane.decode();
        QVERIFY(finished.wait(kTimeoutMs));
        const InferenceResult& result = pane.lastResult();
        QCOMPARE(result.outputs.size(), 1);
        QVERIFY(result.metricName.isEmpty());
        AttentionGrid* grid = pane.inspector()->grid();
        QCOMPARE(grid->layers(), 3);
        QCOMPARE(grid->heads(), 2);
        const int length =
            static_cast<int>(result.inputPieces.size() + result.outputs[0].pieces.size());
        QCOMPARE(grid->map(0, 1).rows, length);
        QCOMPARE(grid->map(0, 1).columns, length);
        QCOMPARE(grid->map(0, 1).columnLabels.mid(1, 2), (QStringList{"the", "cat"}));
    }

    void summarizationIsScoredWithRouge() {
        InferencePane pane;
        QSignalSpy loaded(&pane, &InferencePane::checkpointLoaded);
        QSignalSpy finished(&pane, &InferencePane::decodeFinished);
        pane.openCheckpoint(m_summarization);
        QVERIFY(loaded.wait(kTimeoutMs));
        QCOMPARE(pane.inspector()->availableStacks().size(), 3);
        pane.setInput(QStringLiteral("the cat sat on the mat and then the dog came 1"),
                      QStringLiteral("cat sat 1"));
        pane.decode();
        QVERIFY(finished.wait(kTimeoutMs));
        const InferenceResult& result = pane.lastResult();
        QCOMPARE(result.metricName, QStringLiteral("ROUGE-L"));
        QVERIFY(result.outputs[0].metric >= 0 && result.outputs[0].metric <= 100);
        QVERIFY(result.outputs[0].metricDetail.contains(QStringLiteral("ROUGE-2")));
        QCOMPARE(pane.inspector()->grid()->map(0, 0).columns, 13);  // 12 words and </s>
    }

    void badCheckpointIsReported() {
        InferencePane pane;
        QSignalSpy problem(&pane, &InferencePane::problem);
        const QString bogus = m_root.filePath(QStringLiteral("bogus.tfw"));
        test::writeLines(bogus, QStringLiteral("not a checkpoint"), 1);
        pane.openCheckpoint(bogus);
        QVERIFY(problem.wait(kTimeoutMs));
        QVERIFY(problem.front().front().toString().contains(QStringLiteral("bogus.tfw")));
        QVERIFY(!pane.hasModel());
        QVERIFY(!pane.isBusy());

        // A safetensors export: named once, with what it is and the command that imports it.
        QDir(m_root.path()).mkpath(QStringLiteral("export"));
        const QString exported = m_root.filePath(QStringLiteral("export/model.safetensors"));
        {
            QFile file(exported);
            QVERIFY(file.open(QIODevice::WriteOnly));
            const QByteArray header = "{}";
            const char length[8] = {char(header.size()), 0, 0, 0, 0, 0, 0, 0};
            file.write(length, 8);
            file.write(header);
        }
        problem.clear();
        pane.openCheckpoint(exported);
        QVERIFY(problem.wait(kTimeoutMs));
        const QString message = problem.front().front().toString();
        QCOMPARE(message.count(QStringLiteral("model.safetensors")), 1);
        QVERIFY2(message.contains(QStringLiteral("exported as safetensors")), qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("tfw import --from ")), qPrintable(message));
    }

    void windowShowsInInference() {
        MainWindow window({QStringLiteral("demo"), m_root.path()});
        QSignalSpy finished(window.inferencePane(), &InferencePane::decodeFinished);
        DecodeOptions evaluated;  // the settings an evaluation used come along
        evaluated.beam = 2;
        evaluated.nbest = 2;
        window.showInInference(m_translation, QStringLiteral("green dog"),
                               QStringLiteral("dog green"), evaluated);
        QVERIFY(finished.wait(kTimeoutMs));
        QCOMPARE(window.inferencePane()->optionsForm()->options().beam, 2);
        QCOMPARE(window.inferencePane()->lastResult().outputs.size(), 2);
        QCOMPARE(window.findChild<QTabWidget*>()->currentWidget(), window.inferencePane());
        QCOMPARE(window.inferencePane()->lastResult().inputPieces.size(), 3);
        QCOMPARE(window.inferencePane()->lastResult().metricName, QStringLiteral("BLEU"));

        // The Runs area's button opens the selected run's checkpoint here.
        QSignalSpy loaded(window.inferencePane(), &InferencePane::checkpointLoaded);
        window.runsPane()->showRun(m_root.filePath(QStringLiteral("lm")));
        QPushButton* open = nullptr;
        for (QPushButton* button : window.runsPane()->findChildren<QPushButton*>())
            if (button->text() == QStringLiteral("Open in Inference")) open = button;
        QVERIFY(open);
        QTRY_VERIFY(open->isEnabled());  // once the run has been read
        open->click();
        QVERIFY(loaded.wait(kTimeoutMs));
        QCOMPARE(window.inferencePane()->checkpoint().task, Task::LanguageModel);
    }

    void reloadsACheckpointRewrittenUnderTheSameName() {
        // A resumed run writes best.tfw anew: the pane that loaded it must not keep the old one.
        const QString path = m_root.filePath(QStringLiteral("rewritten.tfw"));
        const auto rewrite = [&path](const QString& from) {
            QFile::remove(path);
            QVERIFY(QFile::copy(from, path));
            QFile file(path);
            QVERIFY(file.open(QIODevice::ReadWrite));
            static int later = 0;  // each rewrite newer than the one before, whatever the clock
            QVERIFY(file.setFileTime(QDateTime::currentDateTime().addSecs(60 * ++later),
                                     QFileDevice::FileModificationTime));
        };
        rewrite(m_translation);
        InferencePane pane;
        pane.show();
        QSignalSpy loaded(&pane, &InferencePane::checkpointLoaded);
        QSignalSpy finished(&pane, &InferencePane::decodeFinished);
        pane.openCheckpoint(path);
        QVERIFY(loaded.wait(kTimeoutMs));
        QCOMPARE(pane.checkpoint().task, Task::Translation);
        DecodeOptions beam = pane.optionsForm()->options();
        beam.beam = 3;
        pane.optionsForm()->setOptions(beam);

        // "Open in Inference" again: the file changed, so it is loaded again.
        rewrite(m_summarization);
        QVERIFY(pane.checkpointChanged());
        pane.openCheckpoint(path);
        QVERIFY(pane.isBusy());
        QVERIFY(loaded.wait(kTimeoutMs));
        QCOMPARE(pane.checkpoint().task, Task::Summarization);
        QVERIFY(pane.modelLabel()->text().contains(QStringLiteral("summarization")));
        QVERIFY(!pane.checkpointChanged());
        QCOMPARE(pane.optionsForm()->options().beam, 3);  // the same checkpoint keeps its options

        // Unchanged, opening it again loads nothing.
        pane.openCheckpoint(path);
        QVERIFY(!pane.isBusy());

        // Decoding loads the new file first.
        rewrite(m_translation);
        pane.setInput(QStringLiteral("red cat"));
        pane.decode();
        QVERIFY(finished.wait(kTimeoutMs));
        QCOMPARE(loaded.count(), 3);
        QCOMPARE(pane.checkpoint().task, Task::Translation);

        // Showing the area again does too.
        pane.hide();
        rewrite(m_summarization);
        pane.show();
        QVERIFY(loaded.wait(kTimeoutMs));
        QCOMPARE(pane.checkpoint().task, Task::Summarization);

        // A file that is gone leaves the loaded model alone (no load, no error each time).
        QSignalSpy problem(&pane, &InferencePane::problem);
        QFile::remove(path);
        QVERIFY(!pane.checkpointChanged());
        pane.hide();
        pane.show();
        QVERIFY(!pane.isBusy());
        QVERIFY(pane.hasModel());
        QCOMPARE(problem.count(), 0);
    }

  private:
    QTemporaryDir m_root;
    QString m_translation, m_lm, m_summarization;
};

QTEST_MAIN(TestInferencePane)
#include "test_inference_pane.moc"
