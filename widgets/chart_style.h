#pragma once
// Colours and axis styling shared by the charts, chosen to read on light and dark palettes.

#include <QColor>
#include <QPalette>

class QCustomPlot;

namespace tfw {

// The colour of the index-th series: medium-luminance hues that keep their contrast
// against both white and near-black backgrounds.
QColor seriesColor(int index);

// Background, axes, grid and text of `plot` from the widget palette (follows dark mode).
void applyPalette(QCustomPlot* plot, const QPalette& palette);

}  // namespace tfw
