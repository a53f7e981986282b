#include "ui/training/log_view.h"

#include <QTime>

namespace tfw {

LogView::LogView(QWidget* parent) : QPlainTextEdit(parent) {
    setReadOnly(true);
    setMaximumBlockCount(20000);
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    setPlaceholderText(tr("Messages from the trainer appear here."));
}

void LogView::addMessage(LogLevel level, const QString& message) {
    // Amber and red that keep their contrast on light and dark backgrounds.
    QString color;
    QString prefix;
    if (level == LogLevel::Warning) {
        color = QStringLiteral("#d08a00");
        prefix = tr("warning: ");
    } else if (level == LogLevel::Error) {
        color = QStringLiteral("#e0443e");
        prefix = tr("error: ");
        ++m_errors;
    }
    const QString time = QTime::currentTime().toString(QStringLiteral("HH:mm:ss"));
    QString html = QStringLiteral("<span style='color:gray'>%1</span> ").arg(time);
    const QString text = (prefix + message).toHtmlEscaped().replace('\n', QStringLiteral("<br>"));
    html += color.isEmpty() ? text
                            : QStringLiteral("<span style='color:%1'>%2</span>").arg(color, text);
    appendHtml(html);
}

}  // namespace tfw
