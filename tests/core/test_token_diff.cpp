// diff_tokens: the alignment of two outputs shown side by side in the Compare area.
#include <QtTest>

#include "core/decode/token_diff.h"

using namespace tfw;

namespace {

std::vector<std::string> words(const QString& text) {
    std::vector<std::string> out;
    for (const QString& word : text.split(QLatin1Char(' '), Qt::SkipEmptyParts))
        out.push_back(word.toStdString());
    return out;
}

QString marks(const std::vector<bool>& shared) {
    QString out;
    for (bool s : shared) out += s ? QLatin1Char('=') : QLatin1Char('+');
    return out;
}

}  // namespace

class TestTokenDiff final : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void alignsLikeADiff_data() {
        QTest::addColumn<QString>("a");
        QTest::addColumn<QString>("b");
        QTest::addColumn<QString>("aMarks");
        QTest::addColumn<QString>("bMarks");
        QTest::addColumn<int>("divergence");
        QTest::newRow("equal") << "ein Mann läuft"
                               << "ein Mann läuft"
                               << "===" << "===" << -1;
        QTest::newRow("one word replaced") << "ein Mann läuft schnell"
                                           << "ein Hund läuft schnell"
                                           << "=+==" << "=+==" << 1;
        QTest::newRow("insertion") << "ein Mann läuft"
                                   << "ein alter Mann läuft"
                                   << "===" << "=+==" << 1;
        QTest::newRow("prefix") << "ein Mann"
                                << "ein Mann läuft"
                                << "==" << "==+" << 2;
        QTest::newRow("nothing shared") << "a b"
                                        << "c d e"
                                        << "++" << "+++" << 0;
        QTest::newRow("one empty") << ""
                                   << "a"
                                   << "" << "+" << 0;
        QTest::newRow("both empty") << "" << "" << "" << "" << -1;
    }
    void alignsLikeADiff() {
        QFETCH(QString, a);
        QFETCH(QString, b);
        QFETCH(QString, aMarks);
        QFETCH(QString, bMarks);
        QFETCH(int, divergence);
        const TokenDiff diff = diff_tokens(words(a), words(b));
        QCOMPARE(marks(diff.a_shared), aMarks);
        QCOMPARE(marks(diff.b_shared), bMarks);
        QCOMPARE(diff.first_divergence,
                 divergence < 0 ? TokenDiff::npos : static_cast<size_t>(divergence));
    }
};

QTEST_APPLESS_MAIN(TestTokenDiff)
#include "test_token_diff.moc"
