// The experiment form: generated from the schema, validates on every edit, and its
// read-outs agree with the core's model-size functions.
#include <QApplication>
#include <QComboBox>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QLabel>
#include <QLocale>
#include <QMimeData>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QWheelEvent>
#include <QtTest>

#include "core/config/config_io.h"
#include "core/config/config_schema.h"
#include "core/data/dataset.h"
#include "core/device/build_versions.h"
#include "core/device/cpu_features.h"
#include "core/device/gpu_devices.h"
#include "core/model/model_size.h"
#include "core/train/planned_steps.h"
#include "ui/common/field_editor.h"
#include "ui/experiment/config_summary.h"
#include "ui/experiment/device_hint.h"
#include "ui/experiment/experiment_form.h"
#include "ui/experiment/experiment_pane.h"
#include "ui/experiment/precision_hint.h"
#include "widgets/number_spin_box.h"

using namespace tfw;

namespace {

template <typename T>
T* input(ExperimentForm* form, const char* key) {
    FieldEditor* editor = form->editor(QLatin1String(key));
    return editor ? editor->findChild<T*>() : nullptr;
}

}  // namespace

class TestExperimentForm final : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void everyFieldHasAnEditorWithItsHelp() {
        ExperimentForm form;
        for (const ConfigField& field : config_fields()) {
            FieldEditor* editor = form.editor(QString::fromStdString(field.key));
            QVERIFY2(editor, field.key.c_str());
            QVERIFY(editor->toolTip().contains(QString::fromStdString(field.help).toHtmlEscaped()));
        }
    }

    // Under train.device, what the choices mean here; this machine's list decides the text.
    void theDeviceHintSaysWhichGpuCudaMeans() {
        ExperimentForm form;
        auto* hint = form.findChild<QLabel*>(QStringLiteral("deviceHint"));
        QVERIFY(hint);
        const bool cudaBuilt = !compiled_cuda_version().empty();
        const std::vector<GpuInfo> gpus = list_gpus();
        QCOMPARE(hint->text(), deviceHint(gpus, cudaBuilt));
        if (gpus.empty())
            QVERIFY2(hint->text().contains(cudaBuilt ? "no GPU visible" : "no GPU found"),
                     qPrintable(hint->text()));

        QCOMPARE(deviceHint({}, false),
                 QStringLiteral("cuda — no GPU found (CPU-only LibTorch); auto uses the CPU"));
        QCOMPARE(deviceHint({}, true), QStringLiteral("cuda — no GPU visible; auto uses the CPU"));
        QCOMPARE(deviceHint({GpuInfo{0, "NVIDIA H200", int64_t(140) << 30}}, true),
                 QStringLiteral("cuda — NVIDIA H200, 140.0 GiB; auto uses it"));
    }

    // What train.precision auto means here, under the field: never bf16 on a CPU that would
    // run it many times slower.
    void thePrecisionHintSaysWhatAutoTakesHere() {
        ExperimentForm form;
        auto* hint = form.findChild<QLabel*>(QStringLiteral("precisionHint"));
        QVERIFY(hint);
        QCOMPARE(hint->text(), precisionHint(list_gpus(), cpu_features()));
        QCOMPARE(precisionHint({}, CpuFeatures{}),
                 QStringLiteral("auto → fp32 on this CPU: it has no native bf16 (bf16 would be "
                                "many times slower)"));
        QCOMPARE(precisionHint({}, CpuFeatures{true, false}),
                 QStringLiteral("auto → bf16 on this CPU: it runs bf16 natively (AVX-512 BF16)"));
        QCOMPARE(precisionHint({GpuInfo{0, "Tesla T4", int64_t(15) << 30, false}}, CpuFeatures{}),
                 QStringLiteral("auto → fp32 on the GPU (Tesla T4 has no native bf16); auto → "
                                "fp32 on this CPU: it has no native bf16 (bf16 would be many "
                                "times slower)"));
        // Every data preset lets the machine decide.
        for (const char* name : {"multi30k-en-de", "iwslt14-de-en", "ptb-word-lm", "wikitext2-lm",
                                 "dialogsum", "scitldr"})
            QCOMPARE(int(load_preset(name).train.precision), int(Precision::Auto));
    }

    void presetFillsTheForm() {
        ExperimentPane pane;
        QVERIFY(pane.loadPreset(QStringLiteral("demo")));
        ExperimentForm* form = pane.form();
        QCOMPARE(input<QSpinBox>(form, "model.d_model")->value(), 128);
        QCOMPARE(input<QComboBox>(form, "data.synthetic")->currentData().toString(),
                 QStringLiteral("reverse"));
        QVERIFY(form->isValid());
        QCOMPARE(to_json(form->config()), to_json(load_preset("demo")));
        // Paths do not matter for a synthetic task and are greyed out.
        QVERIFY(!form->editor(QStringLiteral("data.train_src"))->isEnabled());
    }

    void headsThatDoNotDivideDModelBlockTheStart() {
        ExperimentForm form;
        QSignalSpy validity(&form, &ExperimentForm::validityChanged);
        input<QSpinBox>(&form, "model.d_model")->setValue(512);
        input<QSpinBox>(&form, "model.heads")->setValue(6);
        QVERIFY(!form.isValid());
        QVERIFY(form.editor(QStringLiteral("model.heads"))->hasProblem());
        QVERIFY(!form.editor(QStringLiteral("model.d_model"))->hasProblem());
        QVERIFY(form.problems().join('\n').contains(
            QStringLiteral("model.heads (6) must divide model.d_model (512)")));
        QVERIFY(!validity.isEmpty());
        QCOMPARE(validity.last().at(0).toBool(), false);
        QVERIFY(validity.last().at(1).toString().contains(QStringLiteral("model.heads")));
        // The message is shown under the form.
        bool shown = false;
        for (QLabel* label : form.findChildren<QLabel*>())
            shown = shown || label->text().contains(QStringLiteral("must divide"));
        QVERIFY(shown);

        input<QSpinBox>(&form, "model.heads")->setValue(8);
        QVERIFY(form.problems().join('\n').indexOf(QStringLiteral("model.heads")) < 0);
        QVERIFY(!form.editor(QStringLiteral("model.heads"))->hasProblem());
    }

    void parameterCountReadOut() {
        ExperimentPane pane;
        QVERIFY(pane.loadPreset(QStringLiteral("multi30k-en-de")));
        const ExperimentConfig config = pane.config();
        const int64_t vocab = config.tokenizer.vocab_size;
        const QString expected =
            QLocale().toString(static_cast<qlonglong>(count_parameters(config, vocab, vocab)));
        QCOMPARE(pane.summary()->parameterText(), expected);

        // Wider model, more parameters, read-out follows the edit.
        input<QSpinBox>(pane.form(), "model.d_model")->setValue(config.model.d_model * 2);
        QVERIFY(pane.summary()->parameterText() != expected);

        // The demo's synthetic task has a known vocabulary: 24 words and 4 special tokens,
        // so the count is exact and equals the built model's.
        QVERIFY(pane.loadPreset(QStringLiteral("demo")));
        QCOMPARE(pane.summary()->parameterText(),
                 QLocale().toString(qlonglong(count_parameters(pane.config(), 28, 28))));

        // Word-level without a cap: the vocabulary is a guess, and the read-out says so.
        QVERIFY(pane.loadPreset(QStringLiteral("wikitext2-lm")));
        QVERIFY(pane.summary()->parameterText().startsWith(QStringLiteral("≈")));
    }

    // The learning-rate preview spans the steps the run will plan (epochs × batches of the
    // demo's generated data, under max_steps), not max_steps.
    void theSchedulePreviewSpansThePlannedSteps() {
        ExperimentPane pane;
        QVERIFY(pane.loadPreset(QStringLiteral("demo")));
        const ExperimentConfig config = pane.config();
        const int64_t planned =
            plan_steps(config.train, prepare_data(config, [](LogLevel, const std::string&) {}))
                .planned_steps;
        QVERIFY2(planned > 0 && planned < config.train.max_steps, std::to_string(planned).c_str());
        QTRY_COMPARE(pane.summary()->previewSteps(), planned);
        // Fewer epochs: the plan follows without counting again.
        input<QSpinBox>(pane.form(), "train.epochs")->setValue(config.train.epochs / 2);
        QCOMPARE(pane.summary()->previewSteps(),
                 plan_steps(pane.config().train,
                            prepare_data(config, [](LogLevel, const std::string&) {}))
                     .planned_steps);
        QVERIFY(!pane.summary()->isCounting());
    }

    // The form scrolls: the wheel over a field that is not chosen leaves its value alone.
    void theWheelLeavesAnUnchosenFieldAlone() {
        ExperimentForm form;
        form.resize(500, 400);
        form.show();
        auto* heads = input<QSpinBox>(&form, "model.heads");
        auto* task = form.editor(QStringLiteral("task"))->findChild<QComboBox*>();
        QVERIFY(heads && task);
        for (QWidget* field : {static_cast<QWidget*>(heads), static_cast<QWidget*>(task)}) {
            QCOMPARE(field->focusPolicy(), Qt::StrongFocus);
            const QString before = heads->text() + task->currentText();
            QWheelEvent wheel(QPointF(5, 5), field->mapToGlobal(QPointF(5, 5)), QPoint(),
                              QPoint(0, -120), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase,
                              false);
            QApplication::sendEvent(field, &wheel);
            QCOMPARE(heads->text() + task->currentText(), before);
        }
    }

    void droppedFileFillsAPathField() {
        QTemporaryDir dir;
        const QString corpus = dir.filePath(QStringLiteral("train.de"));
        QFile(corpus).open(QIODevice::WriteOnly);
        ExperimentForm form;
        FieldEditor* editor = form.editor(QStringLiteral("data.train_src"));
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(corpus)});
        QDragEnterEvent enter(QPoint(5, 5), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(editor, &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(5, 5), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(editor, &drop);
        QCOMPARE(QString::fromStdString(form.config().data.train_src), corpus);
    }

    void numberBoxStepsByTheLeadingDigit() {
        NumberSpinBox box;
        box.setRange(0, 10);
        box.setValue(0.002);
        box.stepBy(1);
        QCOMPARE(box.value(), 0.003);
        box.setValue(0.1);
        box.stepBy(-1);
        QCOMPARE(box.value(), 0.09);
        box.setValue(1e-9);
        QCOMPARE(box.text(), QStringLiteral("1e-09"));
    }

    void saveAndReopenRoundTrips() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("exp.json"));
        ExperimentPane pane;
        QVERIFY(pane.loadPreset(QStringLiteral("demo")));
        input<QSpinBox>(pane.form(), "train.max_steps")->setValue(77);
        QVERIFY(pane.saveConfig(path));
        ExperimentPane other;
        QVERIFY(other.openConfig(path));
        QCOMPARE(other.config().train.max_steps, 77);
        QCOMPARE(to_json(other.config()), to_json(pane.config()));
    }
};

QTEST_MAIN(TestExperimentForm)
#include "test_experiment_form.moc"
