#pragma once
// The figures of a report as vector files: line charts (curves, optional mean ± std bands,
// labelled axes with units, a legend) and attention heatmaps (one map, or a grid of small maps
// such as layer × head), written as SVG (HTML and Markdown reports) or PDF (LaTeX reports).
// Text may be any UTF-8 (Chinese axis labels and captions, German tokens).

#include <string>
#include <vector>

namespace tfw {

struct ChartSeries {
    std::string label;         // legend entry; no legend when every series' label is empty
    std::vector<double> x, y;  // same length; points with a NaN or infinite y are skipped
    std::vector<double> band;  // empty, or the band's half-width per point (drawn y ± band)
    bool dashed = false;       // e.g. training curve solid, validation dashed
};

struct LineChart {
    std::string title;             // above the plot; may be empty
    std::string x_label, y_label;  // with units: "step", "learning rate"
    bool log_y = false;            // perplexity
    std::vector<ChartSeries> series;
    double width = 480, height = 300;  // points (PDF) or CSS pixels (SVG)
};

// Weights in [0, 1], row-major rows × columns; darker is more attention.
struct Heatmap {
    std::string title;
    std::vector<std::string> row_labels, column_labels;  // drawn when not empty
    int rows = 0, columns = 0;
    std::vector<float> weights;
};

// Small maps side by side: cells[r][c] under row_titles[r] (e.g. "layer 1") and
// column_titles[c] ("head 1"); the maps' own labels are not drawn.
struct HeatmapGrid {
    std::string title;
    std::vector<std::string> row_titles, column_titles;
    std::vector<std::vector<Heatmap>> cells;
};

std::string chart_svg(const LineChart& chart);
std::string chart_pdf(const LineChart& chart);
std::string heatmap_svg(const Heatmap& map);
std::string heatmap_pdf(const Heatmap& map);
std::string heatmap_grid_svg(const HeatmapGrid& grid);
std::string heatmap_grid_pdf(const HeatmapGrid& grid);

// Axis ticks at "nice" values (1, 2, 2.5, 5 × 10^k) covering [low, high], about `count` of
// them; on a log axis, powers of ten (with 2 and 5 between them when there are few decades).
std::vector<double> nice_ticks(double low, double high, int count = 5);
std::vector<double> log_ticks(double low, double high);

}  // namespace tfw
