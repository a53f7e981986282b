// The Tokenization inspector: text typed in becomes chips with ids under tokenizers A and B,
// unknown pieces marked; a corpus fills the statistics, top pieces and chart for both.
#include <QComboBox>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

#include "core/data/token_inspection.h"
#include "core/data/word_tokenizer.h"
#include "core/io/checkpoint.h"
#include "core/io/tokenizer_source.h"
#include "tests/core/tiny_checkpoint.h"
#include "ui/tokens/token_inspector.h"
#include "ui/tokens/tokenizer_chooser.h"
#include "widgets/piece_chips.h"
#include "widgets/pieces_per_word_chart.h"

using namespace tfw;

namespace {

TokenizerSource corpusSource(const std::string& path, int vocabSize) {
    TokenizerSource source;
    source.origin = TokenizerOrigin::Corpus;
    source.path = path;
    source.settings.vocab_size = vocabSize;
    return source;
}

bool load(TokenizerChooser* chooser, const TokenizerSource& source) {
    QSignalSpy changed(chooser, &TokenizerChooser::tokenizerChanged);
    chooser->load(source);
    return changed.wait(30000);
}

}  // namespace

class TestTokenInspector final : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::string m_corpus;

  private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_corpus = m_dir.filePath(QStringLiteral("corpus.txt")).toStdString();
        std::ofstream out(m_corpus);
        const char* who[] = {"a man", "the woman", "two dogs", "a child"};
        const char* what[] = {"walks along the beach", "rides a bike", "eats lunch", "waits"};
        const char* where[] = {"in the park", "at night", "near the river", "outside"};
        for (const char* a : who)
            for (const char* b : what)
                for (const char* c : where) out << a << " " << b << " " << c << "\n";
    }

    void typedTextShowsChipsForBothTokenizers() {
        TokenInspector inspector;
        test::write_tiny_run(m_dir.path().toStdString(), "run", Task::Translation);
        // As the Runs area's Tokens… does it: the run's tokenizer as A.
        inspector.setRun(m_dir.filePath(QStringLiteral("run")));
        QSignalSpy runLoaded(inspector.chooserA(), &TokenizerChooser::tokenizerChanged);
        inspector.chooserA()->useRun();
        QVERIFY(runLoaded.wait(30000));
        QCOMPARE(inspector.chooserA()->label(), QStringLiteral("run run"));
        QVERIFY(load(inspector.chooserB(), corpusSource(m_corpus, 60)));
        QCOMPARE(inspector.chooserB()->label(), QStringLiteral("bpe 60 trained on corpus.txt"));

        auto* text = inspector.findChild<QPlainTextEdit*>();
        QVERIFY(text);
        QTest::keyClicks(text, QStringLiteral("a b z"));

        // A: the run's word-level vocabulary a..f, so z is unknown.
        const QList<PieceChip>& a = inspector.chipsA()->chips();
        QCOMPARE(inspector.chipsA()->pieces(), (QStringList{"a", "b", "z"}));
        QCOMPARE(a[0].id, 4);
        QCOMPARE(a[1].id, 5);
        QCOMPARE(a[2].id, kUnkId);
        QVERIFY(a[2].unknown && !a[0].unknown);
        // B: the pieces of the same sentencepiece model trained here.
        const auto expected =
            inspect_pieces(*load_tokenizer(corpusSource(m_corpus, 60)).tokenizer, "a b z");
        const QList<PieceChip>& b = inspector.chipsB()->chips();
        QCOMPARE(b.size(), qsizetype(expected.size()));
        for (qsizetype i = 0; i < b.size(); ++i) {
            QCOMPARE(b[i].text, QString::fromStdString(expected[size_t(i)].text));
            QCOMPARE(b[i].id, expected[size_t(i)].id);
            QCOMPARE(b[i].unknown, expected[size_t(i)].unknown);
        }
        QVERIFY(!inspector.chipsB()->isHidden());

        // Choosing no second tokenizer hides its chips.
        QSignalSpy changed(inspector.chooserB(), &TokenizerChooser::tokenizerChanged);
        inspector.chooserB()->originList()->setCurrentIndex(0);
        QCOMPARE(changed.count(), 1);
        QVERIFY(!inspector.chooserB()->tokenizer());
        QVERIFY(inspector.chipsB()->isHidden());
    }

    // A run with a vocabulary per side opens on the source side (what a student types), and
    // switching the side shows the other one at once.
    void theSourceSideComesFirstAndSwitchingReloads() {
        const std::string checkpoint =
            test::write_tiny_run(m_dir.path().toStdString(), "two-sided", Task::Translation);
        {
            Checkpoint c = load_checkpoint(checkpoint);
            const WordTokenizer source(
                {"<pad>", "<unk>", "<s>", "</s>", "u", "v", "w", "x", "y", "z"}, false);
            c.src_tokenizer = source.serialize();
            save_checkpoint(c, checkpoint);
        }
        TokenInspector inspector;
        inspector.setRun(m_dir.filePath(QStringLiteral("two-sided")));
        TokenizerChooser* chooser = inspector.chooserA();
        QCOMPARE(chooser->side(), TokenizerSide::Source);
        QSignalSpy changed(chooser, &TokenizerChooser::tokenizerChanged);
        chooser->useRun();
        QVERIFY(changed.wait(30000));
        QCOMPARE(chooser->label(), QStringLiteral("run two-sided (source)"));
        QCOMPARE(QString::fromStdString(chooser->tokenizer()->piece(4)), QStringLiteral("u"));

        chooser->sideList()->setCurrentIndex(
            chooser->sideList()->findData(int(TokenizerSide::Target)));
        QVERIFY(changed.wait(30000));
        QCOMPARE(chooser->label(), QStringLiteral("run two-sided (target)"));
        QCOMPARE(QString::fromStdString(chooser->tokenizer()->piece(4)), QStringLiteral("a"));
    }

    void corpusStatisticsForBothTokenizers() {
        TokenInspector inspector;
        QVERIFY(load(inspector.chooserA(), corpusSource(m_corpus, 60)));
        QVERIFY(load(inspector.chooserB(), corpusSource(m_corpus, 120)));
        QSignalSpy finished(&inspector, &TokenInspector::corpusFinished);
        inspector.computeCorpus(QString::fromStdString(m_corpus));
        QVERIFY(inspector.isComputing());
        QVERIFY(finished.wait(30000));

        QTableWidget* stats = inspector.statsTable();
        QCOMPARE(stats->columnCount(), 2);
        QCOMPARE(stats->verticalHeaderItem(1)->text(), QStringLiteral("Pieces per word"));
        const double a = stats->item(1, 0)->text().toDouble();
        const double b = stats->item(1, 1)->text().toDouble();
        const auto small = load_tokenizer(corpusSource(m_corpus, 60)).tokenizer;
        QCOMPARE(stats->item(1, 0)->text(),
                 QString::number(corpus_token_stats_of_file(*small, m_corpus).pieces_per_word(),
                                 'f', 3));
        QVERIFY2(b < a, qPrintable(QStringLiteral("%1 vs %2").arg(b).arg(a)));
        QCOMPARE(inspector.topPiecesTable()->columnCount(), 4);
        QVERIFY(inspector.topPiecesTable()->rowCount() > 0);
        QCOMPARE(inspector.chart()->seriesCount(), 2);
        QVERIFY2(inspector.corpusNote().contains(QStringLiteral("64 lines, 432 words")),
                 qPrintable(inspector.corpusNote()));
    }

    void unreadableCorpusSaysWhy() {
        TokenInspector inspector;
        QVERIFY(load(inspector.chooserA(), corpusSource(m_corpus, 60)));
        QSignalSpy finished(&inspector, &TokenInspector::corpusFinished);
        inspector.computeCorpus(m_dir.filePath(QStringLiteral("missing.txt")));
        QVERIFY(finished.wait(30000));
        QCOMPARE(inspector.statsTable()->rowCount(), 0);
        QVERIFY2(inspector.corpusNote().contains(QStringLiteral("missing.txt: no such file")),
                 qPrintable(inspector.corpusNote()));
    }
};

QTEST_MAIN(TestTokenInspector)
#include "test_token_inspector.moc"
