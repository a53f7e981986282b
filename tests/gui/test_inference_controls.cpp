// The Inference area's controls: the decoding options form (its fields, a round trip, a
// problem framed and named on the Decode button, the wheel only on a chosen field), the
// outputs table's headers and the warning for an input the model mostly does not know.
#include <QApplication>
#include <QComboBox>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QWheelEvent>
#include <QtTest>

#include "tests/gui/inference_test_runs.h"
#include "ui/common/decode_options_form.h"
#include "ui/common/field_editor.h"
#include "ui/inference/inference_pane.h"

using namespace tfw;

namespace {

constexpr int kTimeoutMs = 60000;

}  // namespace

class TestInferenceControls final : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_root.isValid());
        m_translation = test::trainReverseRun(m_root.filePath(QStringLiteral("reverse")));
        QVERIFY(QFileInfo::exists(m_translation));
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

    // The form's fields come from decode_fields(): every setting but `sample`, which the
    // method chooser stands for; the precision is kept as chosen.
    void decodeOptionsFormHasAFieldForEverySetting() {
        DecodeOptionsForm form;
        QStringList keys;
        for (const FieldEditor* editor : form.findChildren<FieldEditor*>())
            keys.append(QString::fromStdString(editor->key()));
        for (const DecodeField& field : decode_fields())
            QVERIFY2(keys.contains(QString::fromStdString("decode." + field.key)) ==
                         (field.key != "sample"),
                     field.key.c_str());
        DecodeOptions bf16;
        bf16.precision = DecodePrecision::Bf16;
        form.setOptions(bf16);
        QCOMPARE(int(form.options().precision), int(DecodePrecision::Bf16));
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
    QString m_translation;
};

QTEST_MAIN(TestInferenceControls)
#include "test_inference_controls.moc"
