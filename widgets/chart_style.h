#pragma once
// Colours and axis styling shared by the charts, chosen to read on light and dark palettes.

#include <QColor>
#include <QFont>
#include <QPalette>
#include <QString>

class QCPAxis;
class QCPTextElement;
class QCustomPlot;

namespace tfw {

// The colour of the index-th series: medium-luminance hues that keep their contrast
// against both white and near-black backgrounds.
QColor seriesColor(int index);

// Background, axes, grid and text of `plot` from the widget palette (follows dark mode).
void applyPalette(QCustomPlot* plot, const QPalette& palette);

// A bold title row above the plot, in the widget font `font`; returned to change its text.
QCPTextElement* addTitle(QCustomPlot* plot, const QString& text, QFont font);

// Ticks for an axis that counts (steps, epochs): whole numbers only, so that a short run
// shows 5, 10, 15 rather than 7.5 and 12.5.
void useCountTicks(QCPAxis* axis);

}  // namespace tfw
