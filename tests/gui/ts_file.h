#pragma once
// Reads a Qt Linguist .ts file (tests only; a header, not a test).

#include <QFile>
#include <QList>
#include <QString>
#include <QXmlStreamReader>

namespace tfw::test {

struct TsMessage {
    QString context;
    QString source;
    QString comment;
    QString translation;  // the first numerus form for numerus messages
    QString type;         // "" when finished, else unfinished / vanished / obsolete
};

// The messages of `path`; `error` says why it could not be read (then the list is empty).
inline QList<TsMessage> read_ts_file(const QString& path, QString* error) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = path + QStringLiteral(": ") + file.errorString();
        return {};
    }
    QList<TsMessage> messages;
    QString context;
    TsMessage message;
    QXmlStreamReader xml(&file);
    // readNext, not readNextStartElement: the latter reads past the end of the document.
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement) continue;
        const QStringView name = xml.name();
        if (name == u"context") {
            context.clear();
        } else if (name == u"name") {
            context = xml.readElementText();
        } else if (name == u"message") {
            message = {};
            message.context = context;
        } else if (name == u"source") {
            message.source = xml.readElementText();
        } else if (name == u"comment") {
            message.comment = xml.readElementText();
        } else if (name == u"translation") {
            message.type = xml.attributes().value(QStringLiteral("type")).toString();
            // Plain text, or numerus forms: keep the first.
            while (!(xml.isEndElement() && xml.name() == u"translation") && !xml.atEnd()) {
                xml.readNext();
                if (xml.isCharacters() && message.translation.isEmpty())
                    message.translation = xml.text().toString();
                if (xml.isStartElement() && xml.name() == u"numerusform") {
                    const QString form = xml.readElementText();
                    if (message.translation.trimmed().isEmpty()) message.translation = form;
                }
            }
            messages.append(message);
        }
    }
    if (xml.hasError()) {
        *error = path + QStringLiteral(": ") + xml.errorString();
        return {};
    }
    return messages;
}

}  // namespace tfw::test
