// The line chart's layout: margins sized to the tick labels, a light grid, bands under their
// curves, left and bottom axes, and the legend in the plot's top-right corner.
#include <algorithm>
#include <cmath>

#include "core/report/chart_layout.h"

namespace tfw::chart {

namespace {

constexpr double kTickFont = 10, kLabelFont = 11, kTitleFont = 13, kLegendFont = 10;
constexpr double kTickLength = 4, kGap = 4, kBandOpacity = 0.2;
constexpr Color kAxisColor{0x33, 0x33, 0x33}, kGridColor{0xE0, 0xE0, 0xE0};
constexpr Color kTextColor{0x22, 0x22, 0x22};

// Okabe & Ito's colour-blind-safe palette, yellow last (faint on white).
constexpr Color kPalette[] = {{0x00, 0x72, 0xB2}, {0xD5, 0x5E, 0x00}, {0x00, 0x9E, 0x73},
                              {0xCC, 0x79, 0xA7}, {0xE6, 0x9F, 0x00}, {0x56, 0xB4, 0xE9},
                              {0x00, 0x00, 0x00}, {0xF0, 0xE4, 0x42}};

Color series_color(size_t index) {
    return kPalette[index % std::size(kPalette)];
}

// One drawable point of a series; band_low/band_high are NaN where there is no band.
struct Sample {
    double x, y, band_low, band_high;
};

std::vector<Sample> samples(const ChartSeries& series, bool log_y) {
    const double nan = std::nan("");
    const size_t n = std::min(series.x.size(), series.y.size());
    const bool has_band = series.band.size() == series.y.size();
    std::vector<Sample> out;
    for (size_t i = 0; i < n; ++i) {
        const double x = series.x[i], y = series.y[i];
        if (!std::isfinite(x) || !std::isfinite(y) || (log_y && y <= 0)) continue;
        Sample sample{x, y, nan, nan};
        const double half = has_band ? std::fabs(series.band[i]) : nan;
        if (std::isfinite(y + half) && std::isfinite(y - half)) {
            sample.band_high = y + half;
            // On a log axis a band reaching zero or below runs to the axis' bottom.
            sample.band_low = log_y && y - half <= 0 ? -HUGE_VAL : y - half;
        }
        out.push_back(sample);
    }
    return out;
}

// Maps data to page coordinates.
struct Axes {
    double left, top, width, height;
    double x0, x1, y0, y1;  // y0, y1 as log10 on a log axis
    bool log_y;

    double right() const { return left + width; }
    double bottom() const { return top + height; }
    double px(double x) const { return left + (x - x0) / (x1 - x0) * width; }
    double py(double y) const {
        const double v = log_y ? (y == -HUGE_VAL ? y0 : std::log10(y)) : y;
        return top + height - (std::clamp(v, y0, y1) - y0) / (y1 - y0) * height;
    }
};

// `banded[i]`: series i's band was drawn, so its swatch shows one too.
void add_legend(Drawing& drawing, const LineChart& chart, const std::vector<bool>& banded,
                const Axes& axes) {
    std::vector<size_t> entries;
    std::vector<std::string> labels;
    for (size_t i = 0; i < chart.series.size(); ++i) {
        if (chart.series[i].label.empty()) continue;
        entries.push_back(i);
        labels.push_back(chart.series[i].label);
    }
    if (entries.empty()) return;
    constexpr double kPad = 6, kSwatch = 20, kRow = 14;
    // 10% spare: the SVG's DejaVu Sans is wider than the Helvetica this is measured in.
    const double width = kPad + kSwatch + kGap + 1.1 * widest_text(labels, kLegendFont) + kPad;
    const double height = 2 * kPad + kRow * static_cast<double>(entries.size()) - 2;
    const double left = axes.right() - 8 - width, top = axes.top + 8;
    drawing.items.push_back(
        Box{left, top, width, height, true, {255, 255, 255}, true, {0xCC, 0xCC, 0xCC}, 0.8, false});
    for (size_t row = 0; row < entries.size(); ++row) {
        const ChartSeries& series = chart.series[entries[row]];
        const Color color = series_color(entries[row]);
        const double middle = top + kPad + kRow * (static_cast<double>(row) + 0.5) - 1;
        const double x0 = left + kPad, x1 = x0 + kSwatch;
        if (banded[entries[row]]) {
            drawing.items.push_back(
                Polygon{{{x0, middle - 4}, {x1, middle - 4}, {x1, middle + 4}, {x0, middle + 4}},
                        color,
                        kBandOpacity});
        }
        drawing.items.push_back(Segment{{x0, middle}, {x1, middle}, color, 1.6, series.dashed});
        drawing.items.push_back(Label{series.label, x1 + kGap, middle + 0.35 * kLegendFont,
                                      kLegendFont, Anchor::start, 0, kTextColor});
    }
}

// Ticks with their labels.
struct Ticks {
    std::vector<double> values;
    std::vector<std::string> texts;
};

Ticks make_ticks(std::vector<double> values, bool log) {
    // The decimals a label needs: the step on a linear axis, the lowest tick on a log one.
    const double step = log ? values.front() : values.size() > 1 ? values[1] - values[0] : 1;
    Ticks ticks{std::move(values), {}};
    for (double t : ticks.values) ticks.texts.push_back(tick_text(t, step));
    return ticks;
}

// The drawn data's extent, bands included; [0, 1] (or [1, 10] on a log axis) without any.
struct Extent {
    double x_low = HUGE_VAL, x_high = -HUGE_VAL, y_low = HUGE_VAL, y_high = -HUGE_VAL;
};

Extent extent(const std::vector<std::vector<Sample>>& all, bool log_y) {
    Extent e;
    for (const auto& series : all) {
        for (const Sample& s : series) {
            e.x_low = std::min(e.x_low, s.x);
            e.x_high = std::max(e.x_high, s.x);
            // fmin/fmax ignore a NaN band; a band to -inf (log axis) does not widen it.
            e.y_low =
                std::fmin(e.y_low, std::isfinite(s.band_low) ? std::fmin(s.y, s.band_low) : s.y);
            e.y_high = std::fmax(e.y_high, std::fmax(s.y, s.band_high));
        }
    }
    if (e.x_low > e.x_high) e = Extent{0, 1, log_y ? 1.0 : 0.0, log_y ? 10.0 : 1.0};
    return e;
}

// Bands first, so that no curve is hidden under another series' band. Returns which series
// got a band.
std::vector<bool> add_curves(Drawing& drawing, const std::vector<std::vector<Sample>>& all,
                             const LineChart& chart, const Axes& axes) {
    std::vector<bool> banded(all.size(), false);
    for (size_t i = 0; i < all.size(); ++i) {
        Polygon band{{}, series_color(i), kBandOpacity};
        for (const Sample& s : all[i]) {
            if (!std::isnan(s.band_high)) {
                band.points.push_back({axes.px(s.x), axes.py(s.band_high)});
            }
        }
        for (auto s = all[i].rbegin(); s != all[i].rend(); ++s) {
            if (!std::isnan(s->band_low)) {
                band.points.push_back({axes.px(s->x), axes.py(s->band_low)});
            }
        }
        banded[i] = band.points.size() >= 4;
        if (banded[i]) drawing.items.push_back(std::move(band));
    }
    for (size_t i = 0; i < all.size(); ++i) {
        if (all[i].empty()) continue;
        Polyline line{{}, series_color(i), 1.6, chart.series[i].dashed};
        for (const Sample& s : all[i]) line.points.push_back({axes.px(s.x), axes.py(s.y)});
        if (line.points.size() == 1) {  // a lone point has no line: mark it
            const Point p = line.points.front();
            drawing.items.push_back(fill_box(p.x - 2, p.y - 2, 4, 4, line.color));
        }
        drawing.items.push_back(std::move(line));
    }
    return banded;
}

void add_grid(Drawing& drawing, const Axes& axes, const Ticks& x, const Ticks& y) {
    for (double t : x.values) {
        const double px = axes.px(t);
        drawing.items.push_back(Segment{{px, axes.top}, {px, axes.bottom()}, kGridColor, 0.6});
    }
    for (double t : y.values) {
        const double py = axes.py(t);
        drawing.items.push_back(Segment{{axes.left, py}, {axes.right(), py}, kGridColor, 0.6});
    }
}

void add_axes(Drawing& drawing, const Axes& axes, const Ticks& x, const Ticks& y) {
    const double left = axes.left, bottom = axes.bottom();
    drawing.items.push_back(Segment{{left, axes.top}, {left, bottom}, kAxisColor, 0.8});
    drawing.items.push_back(Segment{{left, bottom}, {axes.right(), bottom}, kAxisColor, 0.8});
    for (size_t i = 0; i < x.values.size(); ++i) {
        const double px = axes.px(x.values[i]);
        drawing.items.push_back(Segment{{px, bottom}, {px, bottom + kTickLength}, kAxisColor, 0.8});
        drawing.items.push_back(Label{x.texts[i], px, bottom + kTickLength + 2 + kTickFont,
                                      kTickFont, Anchor::middle, 0, kAxisColor});
    }
    for (size_t i = 0; i < y.values.size(); ++i) {
        const double py = axes.py(y.values[i]);
        drawing.items.push_back(Segment{{left - kTickLength, py}, {left, py}, kAxisColor, 0.8});
        drawing.items.push_back(Label{y.texts[i], left - kTickLength - 3, py + 0.35 * kTickFont,
                                      kTickFont, Anchor::end, 0, kAxisColor});
    }
}

}  // namespace

Drawing layout_line_chart(const LineChart& chart) {
    const double width = std::max(chart.width, 120.0), height = std::max(chart.height, 90.0);
    const bool log_y = chart.log_y;
    std::vector<std::vector<Sample>> all;
    for (const auto& series : chart.series) all.push_back(samples(series, log_y));
    const Extent data = extent(all, log_y);

    const auto count = [](double length, double per_tick) {
        return std::clamp(static_cast<int>(length / per_tick), 3, 8);
    };
    const Ticks x = make_ticks(nice_ticks(data.x_low, data.x_high, count(width, 80)), false);
    const Ticks y = make_ticks(log_y ? log_ticks(data.y_low, data.y_high)
                                     : nice_ticks(data.y_low, data.y_high, count(height, 50)),
                               log_y);

    // Margins: room for the title, the rotated y label, the widest y tick label, the x tick
    // labels and x label, and half of the last x tick label, centred on the right edge.
    const double top = chart.title.empty() ? 12 : 12 + kTitleFont + 8;
    const double y_label_room = chart.y_label.empty() ? 6 : 6 + kLabelFont + 4;
    const double left = y_label_room + 1.1 * widest_text(y.texts, kTickFont) + kGap + kTickLength;
    const double x_labels_room = kTickLength + 3 + kTickFont;
    const double bottom = x_labels_room + (chart.x_label.empty() ? 6 : 8 + kLabelFont + 6);
    const double right = std::max(12.0, 0.55 * text_width(x.texts.back(), kTickFont) + 4);
    const auto scale = [log_y](double v) { return log_y ? std::log10(v) : v; };
    const Axes axes{left,
                    top,
                    std::max(width - left - right, 10.0),
                    std::max(height - top - bottom, 10.0),
                    x.values.front(),
                    x.values.back(),
                    scale(y.values.front()),
                    scale(y.values.back()),
                    log_y};

    Drawing drawing{width, height, {}};
    drawing.items.push_back(fill_box(0, 0, width, height, {255, 255, 255}));
    add_grid(drawing, axes, x, y);
    const std::vector<bool> banded = add_curves(drawing, all, chart, axes);
    add_axes(drawing, axes, x, y);
    const double centre = axes.left + axes.width / 2;
    if (!chart.x_label.empty()) {
        drawing.items.push_back(Label{chart.x_label, centre,
                                      axes.bottom() + x_labels_room + 6 + kLabelFont, kLabelFont,
                                      Anchor::middle});
    }
    if (!chart.y_label.empty()) {
        // Turned to read upwards, its glyphs lie left of the baseline.
        drawing.items.push_back(Label{chart.y_label, 4 + kLabelFont, axes.top + axes.height / 2,
                                      kLabelFont, Anchor::middle, -90});
    }
    if (!chart.title.empty()) {
        drawing.items.push_back(
            Label{chart.title, centre, 10 + kTitleFont, kTitleFont, Anchor::middle});
    }
    add_legend(drawing, chart, banded, axes);
    return drawing;
}

}  // namespace tfw::chart
