#pragma once
// The report's HTML page and its figures read off the UI thread, then shown in a QTextBrowser
// from memory: nothing is read from disk while the window paints.

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>

class QTextBrowser;

namespace tfw {

struct ReportPreview {
    QString folder;
    QString html;                               // report.html
    QList<QPair<QString, QByteArray>> figures;  // "figures/x.svg" and its bytes
};

// Reads report.html and figures/*.svg of `folder`; for a worker thread.
ReportPreview readReportPreview(const QString& folder);
// Shows the page with its figures; on the browser's thread.
void showReportPreview(QTextBrowser* browser, const ReportPreview& preview);

}  // namespace tfw
