#include "ui/common/phrase_text.h"

#include <QCoreApplication>

namespace tfw {

QString phraseText(const Phrase& phrase) {
    const std::string pattern =
        phrase.context.empty()
            ? phrase.pattern
            : QCoreApplication::translate(phrase.context.c_str(), phrase.pattern.c_str())
                  .toStdString();
    QString text = QString::fromStdString(fill_placeholders(pattern, phrase.args));
    for (const Phrase& next : phrase.followed_by) text += phraseText(next);
    return text;
}

QString markedText(const char* context, const std::string& text) {
    return QCoreApplication::translate(context, text.c_str());
}

}  // namespace tfw
