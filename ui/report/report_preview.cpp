#include "ui/report/report_preview.h"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QTextBrowser>
#include <QUrl>

namespace tfw {

ReportPreview readReportPreview(const QString& folder) {
    ReportPreview preview;
    preview.folder = folder;
    QFile page(QDir(folder).filePath(QStringLiteral("report.html")));
    if (page.open(QIODevice::ReadOnly)) preview.html = QString::fromUtf8(page.readAll());
    const QDir figures(QDir(folder).filePath(QStringLiteral("figures")));
    for (const QString& name : figures.entryList({QStringLiteral("*.svg")}, QDir::Files)) {
        QFile file(figures.filePath(name));
        if (file.open(QIODevice::ReadOnly))
            preview.figures.append({QStringLiteral("figures/") + name, file.readAll()});
    }
    return preview;
}

void showReportPreview(QTextBrowser* browser, const ReportPreview& preview) {
    browser->clear();
    QTextDocument* document = browser->document();
    const QUrl base =
        QUrl::fromLocalFile(QDir(preview.folder).filePath(QStringLiteral("report.html")));
    document->setBaseUrl(base);
    // Under the name the page uses and as resolved against the page: the document looks up both.
    for (const auto& [name, bytes] : preview.figures) {
        const QImage image = QImage::fromData(bytes, "SVG");
        document->addResource(QTextDocument::ImageResource, QUrl(name), image);
        document->addResource(QTextDocument::ImageResource, base.resolved(QUrl(name)), image);
    }
    browser->setHtml(preview.html);
}

}  // namespace tfw
