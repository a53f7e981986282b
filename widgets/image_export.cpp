#include "widgets/image_export.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QImage>
#include <QMessageBox>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>
#include <QWidget>

namespace tfw {

bool exportWidgetImage(QWidget* widget, const QString& path, const QString& title) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    const QSize size = widget->size();
    if (suffix == QLatin1String("svg")) {
        QSvgGenerator generator;
        generator.setFileName(path);
        generator.setSize(size);
        generator.setViewBox(QRect(QPoint(0, 0), size));
        generator.setTitle(title);
        QPainter painter;
        if (!painter.begin(&generator)) return false;
        widget->render(&painter);
        return painter.end();
    }
    if (suffix == QLatin1String("pdf")) {
        // One page exactly the widget's size, one point per pixel.
        QPdfWriter writer(path);
        writer.setTitle(title);
        writer.setResolution(72);
        writer.setPageSize(QPageSize(QSizeF(size), QPageSize::Point));
        writer.setPageMargins(QMarginsF(0, 0, 0, 0));
        QPainter painter;
        if (!painter.begin(&writer)) return false;
        widget->render(&painter);
        return painter.end();
    }
    QImage image(size * 2, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(2.0);
    image.fill(widget->palette().color(QPalette::Window));
    widget->render(&image);
    return image.save(path, "PNG");
}

void exportWidgetWithDialog(QWidget* widget, const QString& title, const QString& suggestedName) {
    const QString path = QFileDialog::getSaveFileName(
        widget, QObject::tr("Export %1").arg(title), QDir::home().filePath(suggestedName),
        QObject::tr("PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)"));
    if (path.isEmpty()) return;
    QString target = path;
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix != QLatin1String("png") && suffix != QLatin1String("svg") &&
        suffix != QLatin1String("pdf"))
        target += QStringLiteral(".png");
    if (!exportWidgetImage(widget, target, title))
        QMessageBox::warning(
            widget, QObject::tr("Export %1").arg(title),
            QObject::tr("Could not write %1.").arg(QDir::toNativeSeparators(target)));
}

}  // namespace tfw
