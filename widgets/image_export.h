#pragma once
// Saving what a widget paints as PNG (twice the screen resolution), SVG or PDF, the format
// chosen by the file's suffix. Used by the attention heatmaps and grid.

#include <QString>

class QWidget;

namespace tfw {

bool exportWidgetImage(QWidget* widget, const QString& path, const QString& title);
// Asks for a file (PNG, SVG or PDF), then exports; says so when the file cannot be written.
void exportWidgetWithDialog(QWidget* widget, const QString& title, const QString& suggestedName);

}  // namespace tfw
