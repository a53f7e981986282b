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
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QWheelEvent>
#include <QtTest>
#include <cmath>
#include <fstream>

#include "core/io/run_directory.h"
#include "core/train/trainer.h"
#include "tests/core/tiny_checkpoint.h"
#include "ui/common/decode_options_form.h"
#include "ui/common/field_editor.h"
#include "ui/inference/attention_inspector.h"
#include "ui/inference/inference_pane.h"
#include "ui/main_window.h"
#include "ui/runs/runs_pane.h"
#include "widgets/attention_grid.h"
#include "widgets/attention_heatmap.h"

using namespace tfw;

namespace {

constexpr int kTimeoutMs = 60000;

// The tiny test run on this test's own files (data defaults), with one more decoder layer
// so that the grid's layers differ per stack.
ExperimentConfig tinyRun(Task task) {
    ExperimentConfig c = test::tiny_reverse_run();
    c.task = task;
    c.data = DataConfig{};
    c.model.encoder_layers = 2;
    c.model.decoder_layers = 3;
    c.model.max_positions = 256;
    c.train.max_steps = 6;
    c.train.log_every = 2;
    c.train.warmup_steps = 2;
    return c;
}

void writeLines(const QString& path, const QString& line, int count) {
    std::ofstream out(path.toStdString());
    for (int i = 0; i < count; ++i) out << line.toStdString() << " " << i % 7 << "\n";
}

// Trains a few steps and returns the run's last checkpoint ("" on failure).
QString train(const ExperimentConfig& config, const QString& runDir) {
    TrainingObserver quiet;
    TrainingControl control;
    const TrainingFinished finished = train_new(config, runDir.toStdString(), quiet, control);
    if (finished.reason == FinishReason::Failed) qWarning("%s", finished.message.c_str());
    return QString::fromStdString(RunPaths(runDir.toStdString()).last_checkpoint());
}

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
        ExperimentConfig translation = tinyRun(Task::Translation);
        translation.data.synthetic = Synthetic::Reverse;
        translation.data.max_src_len = 16;
        translation.data.max_tgt_len = 16;
        m_translation = train(translation, m_root.filePath(QStringLiteral("reverse")));
        QVERIFY(QFileInfo::exists(m_translation));

        ExperimentConfig lm = tinyRun(Task::LanguageModel);
        const QString trainFile = m_root.filePath(QStringLiteral("lm.train"));
        const QString valid = m_root.filePath(QStringLiteral("lm.valid"));
        writeLines(trainFile, QStringLiteral("the cat sat on the mat and the dog sat on the log"),
                   300);
        writeLines(valid, QStringLiteral("the dog sat on the mat"), 20);
        lm.data.train = trainFile.toStdString();
        lm.data.valid = valid.toStdString();
        m_lm = train(lm, m_root.filePath(QStringLiteral("lm")));
        QVERIFY(QFileInfo::exists(m_lm));

        ExperimentConfig summary = tinyRun(Task::Summarization);
        const QString articles = m_root.filePath(QStringLiteral("articles"));
        const QString summaries = m_root.filePath(QStringLiteral("summaries"));
        writeLines(articles, QStringLiteral("the cat sat on the mat and then the dog came"), 200);
        writeLines(summaries, QStringLiteral("cat sat"), 200);
        summary.data.train_src = summary.data.valid_src = articles.toStdString();
        summary.data.train_tgt = summary.data.valid_tgt = summaries.toStdString();
        m_summarization = train(summary, m_root.filePath(QStringLiteral("summarization")));
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

    void decodeOptionsFormRoundTripsAndNamesProblems() {
        DecodeOptionsForm form;
        QSignalSpy changed(&form, &DecodeOptionsForm::optionsChanged);
        DecodeOptions sampling;
        sampling.sample = true;
        sampling.samples = 4;
        sampling.temperature = 0.7;
        sampling.top_k = 20;
        sampling.top_p = 0.9;
        sampling.seed = 5;
        sampling.no_repeat_ngram = 3;
        form.setOptions(sampling);
        QVERIFY(changed.count() > 0);
        QCOMPARE(form.mode(), DecodeOptionsForm::Mode::Sampling);
        const DecodeOptions back = form.options();
        QVERIFY(back.sample);
        QCOMPARE(back.samples, 4);
        QCOMPARE(back.temperature, 0.7);
        QCOMPARE(back.top_k, 20);
        QCOMPARE(back.top_p, 0.9);
        QCOMPARE(back.seed, uint64_t(5));
        QCOMPARE(back.no_repeat_ngram, 3);
        QVERIFY(form.isValid());

        DecodeOptions beam;
        beam.beam = 2;
        beam.nbest = 3;
        form.setOptions(beam);
        QCOMPARE(form.mode(), DecodeOptionsForm::Mode::Beam);
        QVERIFY(!form.isValid());
        QVERIFY(form.problems().join(' ').contains(QStringLiteral("nbest must be <= beam")));
        form.setMode(DecodeOptionsForm::Mode::Greedy);
        QVERIFY(form.isValid());  // greedy returns one output whatever n-best says
        QCOMPARE(form.options().beam, 1);
    }

    // The form's fields come from decode_fields(): every setting but the method's own.
    void decodeOptionsFormHasAFieldForEverySetting() {
        DecodeOptionsForm form;
        QStringList keys;
        for (const FieldEditor* editor : form.findChildren<FieldEditor*>())
            keys.append(QString::fromStdString(editor->key()));
        for (const DecodeField& field : decode_fields())
            QVERIFY2(keys.contains(QString::fromStdString("decode." + field.key)) ==
                         (field.group != DecodeGroup::Method),
                     field.key.c_str());
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
        writeLines(bogus, QStringLiteral("not a checkpoint"), 1);
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

    // Short headers ("参考" in Chinese, "BLEU") keep room on both sides of their text.
    void theOutputsHeadersHaveRoom() {
        InferencePane pane;
        pane.resize(1400, 900);
        pane.show();
        QTableWidget* table = pane.outputsTable();
        const QFontMetrics metrics(table->horizontalHeader()->font());
        for (int column : {2, 3, 4}) {
            const QString text = table->horizontalHeaderItem(column)->text();
            QVERIFY2(table->horizontalHeader()->sectionSize(column) >=
                         metrics.horizontalAdvance(text) + 16,
                     qPrintable(text));
        }
        QVERIFY(table->horizontalHeader()->sectionSize(0) <
                table->horizontalHeader()->sectionSize(2));
    }

    void warnsWhenTheInputIsMostlyUnknown() {
        InferencePane pane;
        pane.show();
        QSignalSpy loaded(&pane, &InferencePane::checkpointLoaded);
        QSignalSpy finished(&pane, &InferencePane::decodeFinished);
        pane.openCheckpoint(m_translation);
        QVERIFY(loaded.wait(kTimeoutMs));
        QLabel* warning = pane.unknownWordsWarning();
        pane.setInput(QStringLiteral("red zebra quux flibber"));
        pane.decode();
        QVERIFY(finished.wait(kTimeoutMs));
        QCOMPARE(pane.lastResult().unknownWords, 3);
        QCOMPARE(pane.lastResult().inputWords, 4);
        QVERIFY(warning->isVisible());
        QVERIFY2(warning->text().startsWith(
                     QStringLiteral("3 of 4 words are unknown to this model's vocabulary (75%)")),
                 qPrintable(warning->text()));
        // Near the output: right above the outputs table.
        QVERIFY(warning->geometry().bottom() <= pane.outputsTable()->geometry().top());

        pane.setInput(QStringLiteral("red cat three blue"));
        pane.decode();
        QVERIFY(finished.wait(kTimeoutMs));
        QCOMPARE(pane.lastResult().unknownWords, 0);
        QVERIFY(!warning->isVisible());
    }

    void aBadDecodingOptionIsFramedAndNamedOnTheButton() {
        InferencePane pane;
        pane.show();
        QSignalSpy loaded(&pane, &InferencePane::checkpointLoaded);
        pane.openCheckpoint(m_translation);
        QVERIFY(loaded.wait(kTimeoutMs));
        pane.setInput(QStringLiteral("red cat"));
        QVERIFY(pane.decodeButton()->isEnabled());
        DecodeOptions options = pane.optionsForm()->options();
        options.beam = 5;
        options.nbest = 7;
        pane.optionsForm()->setOptions(options);
        QVERIFY(!pane.decodeButton()->isEnabled());
        QVERIFY2(pane.decodeButton()->toolTip().contains(QStringLiteral("nbest")),
                 qPrintable(pane.decodeButton()->toolTip()));
        for (FieldEditor* editor : pane.optionsForm()->findChildren<FieldEditor*>())
            QCOMPARE(editor->hasProblem(), editor->key() == "decode.nbest");
        options.nbest = 5;
        pane.optionsForm()->setOptions(options);
        QVERIFY(pane.decodeButton()->isEnabled());
        for (FieldEditor* editor : pane.optionsForm()->findChildren<FieldEditor*>())
            QVERIFY(!editor->hasProblem());
    }

    // The wheel over a field that is not chosen is left to the scroll area (a real wheel
    // then scrolls the options; a synthesized one stops at the field, so the test looks at
    // whether the field took it).
    void theWheelChangesOnlyAChosenField() {
        QWidget window;
        auto* scroll = new QScrollArea(&window);
        auto* form = new DecodeOptionsForm;
        DecodeOptions options;
        options.beam = 4;
        form->setOptions(options);
        scroll->setWidget(form);
        scroll->setWidgetResizable(true);
        scroll->resize(300, 120);
        window.resize(320, 140);
        window.show();
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QSpinBox* beam = nullptr;
        for (FieldEditor* editor : form->findChildren<FieldEditor*>())
            if (editor->key() == "decode.beam") beam = editor->findChild<QSpinBox*>();
        QVERIFY(beam);
        QCOMPARE(beam->focusPolicy(), Qt::StrongFocus);
        const auto wheel = [beam] {
            QWheelEvent event(QPointF(5, 5), beam->mapToGlobal(QPointF(5, 5)), QPoint(),
                              QPoint(0, -120), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase,
                              false);
            QApplication::sendEvent(beam, &event);
            return event.isAccepted();
        };
        QVERIFY(!wheel());  // not taken: for the scroll area
        QCOMPARE(beam->value(), 4);
        beam->setFocus();
        QVERIFY(beam->hasFocus());
        QVERIFY(wheel());
        QCOMPARE(beam->value(), 3);
        auto* method = form->findChild<QComboBox*>();
        QVERIFY(method);
        QCOMPARE(method->focusPolicy(), Qt::StrongFocus);
    }

  private:
    QTemporaryDir m_root;
    QString m_translation, m_lm, m_summarization;
};

QTEST_MAIN(TestInferencePane)
#include "test_inference_pane.moc"
