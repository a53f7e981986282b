// The window's translations are complete: every string lupdate finds in the sources (tr(), and
// the core's TFW_TR_NOOP labels and explanations) is in each .ts file with a finished
// translation that keeps the source's placeholders, keyboard accelerator and HTML tags.
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QtTest>

#include "ts_file.h"

using tfw::test::read_ts_file;
using tfw::test::TsMessage;

namespace {

QString key(const TsMessage& m) {
    return m.context + QChar(0x1f) + m.source + QChar(0x1f) + m.comment;
}

QStringList sorted(QStringList list) {
    list.sort();
    return list;
}

QStringList placeholders(const QString& text) {
    static const QRegularExpression pattern(QStringLiteral("%(L?[0-9]+|L?n)"));
    QStringList found;
    for (const QRegularExpressionMatch& m : pattern.globalMatch(text)) found.append(m.captured());
    return sorted(found);
}

QStringList tags(const QString& text) {
    static const QRegularExpression pattern(QStringLiteral("</?([a-zA-Z0-9]+)[^>]*>"));
    QStringList found;
    for (const QRegularExpressionMatch& m : pattern.globalMatch(text))
        found.append(m.captured(0).startsWith(QStringLiteral("</")) ? "/" + m.captured(1)
                                                                    : m.captured(1));
    return sorted(found);
}

// Keyboard accelerators: "&F", not a literal "&&" and not an entity such as "&lt;".
int accelerators(const QString& text) {
    static const QRegularExpression pattern(QStringLiteral("&(?![a-zA-Z]+;|#[0-9]+;)\\S"));
    QString plain = text;
    plain.replace(QStringLiteral("&&"), QString());
    return int(plain.count(pattern));
}

QString describe(const TsMessage& m) {
    return QStringLiteral("[%1] \"%2\" -> \"%3\"").arg(m.context, m.source, m.translation);
}

}  // namespace

class TestTranslations : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    // What lupdate finds in today's sources, every .ts file has.
    void everyStringOfTheWindowIsInEachTsFile() {
        QFile list(QStringLiteral(TFW_TRANSLATED_SOURCES));
        QVERIFY(list.open(QIODevice::ReadOnly));
        const QStringList sources =
            QString::fromUtf8(list.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QVERIFY(sources.size() > 50);
        QTemporaryDir dir;
        const QString fresh = dir.filePath(QStringLiteral("fresh_zh_CN.ts"));
        QProcess lupdate;
        lupdate.setProcessChannelMode(QProcess::MergedChannels);
        lupdate.start(QStringLiteral(TFW_LUPDATE),
                      QString::fromUtf8(TFW_LUPDATE_OPTIONS).split(QLatin1Char('|')) +
                          QStringList{QStringLiteral("-I"), QStringLiteral(TFW_SOURCE_DIR)} +
                          sources + QStringList{QStringLiteral("-ts"), fresh});
        QVERIFY(lupdate.waitForFinished(120000));
        QVERIFY2(lupdate.exitCode() == 0, lupdate.readAll().constData());
        QString error;
        const QList<TsMessage> found = read_ts_file(fresh, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(found.size() > 500);

        for (const QString& ts : QString::fromUtf8(TFW_TS_FILES).split(QLatin1Char('|'))) {
            QSet<QString> kept;
            for (const TsMessage& m : read_ts_file(ts, &error)) kept.insert(key(m));
            QVERIFY2(error.isEmpty(), qPrintable(error));
            QStringList missing;
            for (const TsMessage& m : found)
                if (!kept.contains(key(m))) missing.append(describe(m));
            QVERIFY2(missing.isEmpty(),
                     qPrintable(QStringLiteral("%1 strings are missing from %2 (run cmake --build "
                                               "build --target update_translations and translate "
                                               "them), e.g.:\n%3")
                                    .arg(missing.size())
                                    .arg(ts, missing.mid(0, 10).join(QLatin1Char('\n')))));
        }
    }

    // Every entry is translated and keeps what Qt fills in or acts on.
    void everyTranslationIsFinishedAndKeepsItsMarkup() {
        for (const QString& ts : QString::fromUtf8(TFW_TS_FILES).split(QLatin1Char('|'))) {
            QString error;
            const QList<TsMessage> messages = read_ts_file(ts, &error);
            QVERIFY2(error.isEmpty(), qPrintable(error));
            QVERIFY(!messages.isEmpty());
            QStringList problems;
            for (const TsMessage& m : messages) {
                if (!m.type.isEmpty() || m.translation.trimmed().isEmpty())
                    problems.append(QStringLiteral("unfinished: ") + describe(m));
                else if (placeholders(m.source) != placeholders(m.translation))
                    problems.append(QStringLiteral("placeholders differ: ") + describe(m));
                else if (tags(m.source) != tags(m.translation))
                    problems.append(QStringLiteral("HTML tags differ: ") + describe(m));
                else if (accelerators(m.source) != accelerators(m.translation))
                    problems.append(QStringLiteral("accelerator differs: ") + describe(m));
            }
            QVERIFY2(problems.isEmpty(),
                     qPrintable(QStringLiteral("%1 in %2:\n%3")
                                    .arg(problems.size())
                                    .arg(ts, problems.mid(0, 15).join(QLatin1Char('\n')))));
        }
    }
};

QTEST_APPLESS_MAIN(TestTranslations)
#include "test_translations.moc"
