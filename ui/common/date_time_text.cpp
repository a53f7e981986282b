#include "ui/common/date_time_text.h"

#include <QLocale>

namespace tfw {

QString dateTimeText(const QDateTime& time) {
    return QLocale().toString(time.toLocalTime(), QLocale::LongFormat);
}

QString dateTimeText(const std::string& iso) {
    const QString text = QString::fromStdString(iso);
    const QDateTime time = QDateTime::fromString(text, Qt::ISODate);
    return time.isValid() ? dateTimeText(time) : text;
}

}  // namespace tfw
