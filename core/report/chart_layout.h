#pragma once
// Where everything of a figure goes: the line chart (plot area, ticks, grid, curves, bands,
// legend) and the heatmaps, as a Drawing that either back end writes.

#include <string>

#include "core/report/chart.h"
#include "core/report/chart_drawing.h"

namespace tfw::chart {

Drawing layout_line_chart(const LineChart& chart);
Drawing layout_heatmap(const Heatmap& map);
Drawing layout_heatmap_grid(const HeatmapGrid& grid);

// A tick's label: plain for ordinary magnitudes ("0.5", "1000", "-2.5"), scientific for very
// small or large ones ("1e-4", "2.5e-4", "1e6"). `step` is the distance between ticks (0 on a
// log axis), which sets the decimals a linear axis needs.
std::string tick_text(double value, double step);

}  // namespace tfw::chart
