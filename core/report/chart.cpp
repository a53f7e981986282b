#include "core/report/chart.h"

#include <algorithm>
#include <cmath>

#include "core/report/chart_drawing.h"
#include "core/report/chart_layout.h"

namespace tfw {

namespace {

std::string scientific(double value) {
    int exponent = static_cast<int>(std::floor(std::log10(std::fabs(value))));
    std::string mantissa = chart::format_number(value / std::pow(10.0, exponent), 2);
    if (mantissa == "10" || mantissa == "-10") {  // 9.999 rounded up
        ++exponent;
        mantissa = mantissa == "10" ? "1" : "-1";
    }
    return mantissa + "e" + std::to_string(exponent);
}

}  // namespace

std::vector<double> nice_ticks(double low, double high, int count) {
    if (!std::isfinite(low) || !std::isfinite(high)) return {};
    if (low > high) std::swap(low, high);
    if (low == high) {
        const double pad = low == 0 ? 1 : std::fabs(low) * 0.1;
        low -= pad;
        high += pad;
    }
    // The smallest step of 1, 2, 2.5 or 5 × 10^k that covers the range in count - 1 steps.
    const double raw = (high - low) / std::max(count - 1, 1);
    if (!std::isfinite(raw)) return {low, high};  // wider than the largest double
    const double decade = std::pow(10.0, std::floor(std::log10(raw)));
    double step = 10 * decade;
    for (double factor : {1.0, 2.0, 2.5, 5.0}) {
        if (factor * decade >= raw * (1 - 1e-9)) {
            step = factor * decade;
            break;
        }
    }
    const double first = std::floor(low / step + 1e-9);
    const double last = std::ceil(high / step - 1e-9);
    // A span at the edge of double precision (1e17 + 1): no step of its size can be counted.
    if (!(last - first < 1000)) return {low, high};
    if (!std::isfinite(first * step) || !std::isfinite(last * step)) return {low, high};
    std::vector<double> ticks;
    for (double k = first; k <= last; ++k) ticks.push_back(k * step);
    return ticks;
}

std::vector<double> log_ticks(double low, double high) {
    if (!(low > 0) || !std::isfinite(high) || !std::isfinite(low)) return {};
    if (low > high) std::swap(low, high);
    if (high < low * (1 + 1e-9)) low /= 1.5;  // one value: show the ticks just below it too
    const int first = static_cast<int>(std::floor(std::log10(low) + 1e-9));
    int last = static_cast<int>(std::ceil(std::log10(high) - 1e-9));
    if (last == first) ++last;
    std::vector<double> ticks;
    if (std::log10(high / low) <= 2.5) {
        // 1, 2 and 5 per decade, from the last one at or below `low` to the first at or above
        // `high`.
        for (int e = first; e <= last; ++e) {
            for (double factor : {1.0, 2.0, 5.0}) {
                if (e == last && factor > 1) break;
                ticks.push_back(factor * std::pow(10.0, e));
            }
        }
        const auto above = [&](double t) { return t > low * (1 + 1e-9); };
        const auto start = std::find_if(ticks.begin(), ticks.end(), above);
        ticks.erase(ticks.begin(), start == ticks.begin() ? start : start - 1);
        const auto end = std::find_if(ticks.begin(), ticks.end(),
                                      [&](double t) { return t >= high * (1 - 1e-9); });
        if (end != ticks.end()) ticks.erase(end + 1, ticks.end());
        return ticks;
    }
    // Many decades: every one, or every second, third... so that about eight remain.
    const int decades = last - first;
    const int stride = (decades + 7) / 8;
    int e = first;
    for (; e < last; e += stride) ticks.push_back(std::pow(10.0, e));
    ticks.push_back(std::pow(10.0, e));
    return ticks;
}

namespace chart {

std::string tick_text(double value, double step) {
    if (!std::isfinite(value)) return "";
    if (value == 0 || (step > 0 && std::fabs(value) < step * 1e-6)) return "0";
    if (step < 1e-3 || step >= 1e5 || std::fabs(value) >= 1e7) return scientific(value);
    return format_number(value,
                         std::clamp(1 - static_cast<int>(std::floor(std::log10(step))), 0, 10));
}

}  // namespace chart

std::string chart_svg(const LineChart& chart) {
    return chart::write_svg(chart::layout_line_chart(chart));
}

std::string chart_pdf(const LineChart& chart) {
    return chart::write_pdf(chart::layout_line_chart(chart));
}

std::string heatmap_svg(const Heatmap& map) {
    return chart::write_svg(chart::layout_heatmap(map));
}

std::string heatmap_pdf(const Heatmap& map) {
    return chart::write_pdf(chart::layout_heatmap(map));
}

std::string heatmap_grid_svg(const HeatmapGrid& grid) {
    return chart::write_svg(chart::layout_heatmap_grid(grid));
}

std::string heatmap_grid_pdf(const HeatmapGrid& grid) {
    return chart::write_pdf(chart::layout_heatmap_grid(grid));
}

}  // namespace tfw
