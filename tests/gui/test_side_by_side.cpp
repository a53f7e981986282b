// Decoding side by side (Compare area) on tiny untrained checkpoints: both outputs with
// per-token probabilities and the diff, cross-scores consistent with the decoders' own
// scores, attention next to each other, and clear notes where models differ.
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

#include "tests/core/tiny_checkpoint.h"
#include "ui/common/decode_options_form.h"
#include "ui/compare/side_by_side_view.h"
#include "widgets/attention_heatmap.h"
#include "widgets/token_strip.h"

using namespace tfw;

class TestSideBySide final : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_a, m_b, m_shallow, m_lm;

    QString checkpoint(const char* name, Task task, uint64_t seed, int decoderLayers = 2) {
        const QString path = m_dir.filePath(QLatin1String(name));
        test::write_tiny_checkpoint(task, path.toStdString(), seed, [=](ExperimentConfig& c) {
            c.model.decoder_layers = decoderLayers;
        });
        return path;
    }

    static bool decode(SideBySideView& view) {
        QSignalSpy decoded(&view, &SideBySideView::decoded);
        view.decode();
        return decoded.wait(60000);
    }

  private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_a = checkpoint("a.tfw", Task::Translation, 1);
        m_b = checkpoint("b.tfw", Task::Translation, 2);
        m_shallow = checkpoint("shallow.tfw", Task::Translation, 3, 1);
        m_lm = checkpoint("lm.tfw", Task::LanguageModel, 4);
    }

    void bothOutputsWithScoresAndAttention() {
        SideBySideView view;
        view.setEntries(
            {{QStringLiteral("A"), m_a, Qt::blue}, {QStringLiteral("B"), m_b, Qt::red}});
        DecodeOptions options;
        options.beam = 2;
        options.max_len_b = 5;
        view.optionsForm()->setOptions(options);
        view.setInput(QStringLiteral("a b c d"), QStringLiteral("d c b a"));
        QVERIFY(decode(view));

        const SideBySideResult& result = view.result();
        QCOMPARE(result.outputs.size(), 2);
        QCOMPARE(view.strips().size(), 2);
        for (int i = 0; i < 2; ++i) {
            const SideBySideOutput& out = result.outputs[i];
            QCOMPARE(view.strips()[i]->tokens().size(), out.pieces.size());
            double sum = 0;
            for (double lp : out.tokenLogProbs) sum += lp;
            QVERIFY(std::abs(sum - out.score) < 1e-4);
            // A checkpoint scoring its own output by teacher forcing agrees with its search,
            // cut at the length limit or not (the search pays for the EOS forced there).
            QVERIFY(std::abs(result.cross[i][i] - out.score) < 1e-3);
        }
        // The diff marks exactly the tokens the outputs do not share.
        if (result.outputs[0].pieces != result.outputs[1].pieces)
            QVERIFY(view.strips()[1]->divergence() >= 0);
        QTableWidget* cross = view.crossTable();
        QCOMPARE(cross->columnCount(), 2);
        QCOMPARE(cross->rowCount(), 3);  // two outputs and the reference
        QCOMPARE(result.reference.size(), 2);
        QVERIFY(result.reference[0] < 0);
        QVERIFY(view.heatmap(0) && view.heatmap(1));  // cross-attention, layer 1, mean of heads
        QCOMPARE(view.heatmap(0)->map().columns, 5);  // a b c d </s>
    }

    void aLayerOnlyOneModelHasIsExplained() {
        SideBySideView view;
        view.setEntries({{QStringLiteral("deep"), m_a, Qt::blue},
                         {QStringLiteral("shallow"), m_shallow, Qt::red}});
        view.setInput(QStringLiteral("a b"));
        QVERIFY(decode(view));
        auto* layer = view.findChild<QSpinBox*>(QStringLiteral("layer"));
        QCOMPARE(layer->maximum(), 2);
        layer->setValue(2);
        QVERIFY(view.heatmap(0) != nullptr);
        QVERIFY(view.heatmap(1) == nullptr);
        QVERIFY(view.attentionNote(1).contains(QStringLiteral("exists only in a deeper model")));
    }

    void differentTasksAreRefused() {
        SideBySideView view;
        view.setEntries(
            {{QStringLiteral("mt"), m_a, Qt::blue}, {QStringLiteral("lm"), m_lm, Qt::red}});
        view.setInput(QStringLiteral("a b"));
        QSignalSpy failed(view.findChild<SideBySideJob*>(), &SideBySideJob::failed);
        view.decode();
        QVERIFY(failed.wait(60000));
        QVERIFY(
            failed.first().at(0).toString().contains(QStringLiteral("cannot be decoded by both")));
    }

    void needsTwoEntriesAndAnInput() {
        SideBySideView view;
        auto* button = view.findChild<QPushButton*>(QStringLiteral("decode"));
        QVERIFY(!button->isEnabled());
        view.setEntries(
            {{QStringLiteral("A"), m_a, Qt::blue}, {QStringLiteral("B"), m_b, Qt::red}});
        QVERIFY(!button->isEnabled());
        view.setInput(QStringLiteral("a"));
        QVERIFY(button->isEnabled());
    }
};

QTEST_MAIN(TestSideBySide)
#include "test_side_by_side.moc"
