// The heatmaps' layout: one map with its row and column labels, or a grid of small maps under
// row and column titles; both with a colour bar from 0 to 1 on the right.
#include <algorithm>
#include <cmath>

#include "core/report/chart_layout.h"

namespace tfw::chart {

namespace {

constexpr double kTitleFont = 13, kMargin = 8, kBarWidth = 10;
constexpr Color kTextColor{0x22, 0x22, 0x22}, kFrameColor{0x99, 0x99, 0x99};
constexpr double kSin60 = 0.8660254037844386;

// White through ColorBrewer's Blues to dark blue; a missing weight (NaN) is grey.
Color weight_color(float weight) {
    if (std::isnan(weight)) return {0xBB, 0xBB, 0xBB};
    constexpr Color kStops[] = {{0xFF, 0xFF, 0xFF},
                                {0xC6, 0xDB, 0xEF},
                                {0x6B, 0xAE, 0xD6},
                                {0x21, 0x71, 0xB5},
                                {0x08, 0x30, 0x6B}};
    const double position = std::clamp(static_cast<double>(weight), 0.0, 1.0) * 4;
    const int index = std::min(static_cast<int>(position), 3);
    const double t = position - index;
    const auto mix = [t](uint8_t a, uint8_t b) {
        return static_cast<uint8_t>(std::lround(a + (b - a) * t));
    };
    const Color &a = kStops[index], &b = kStops[index + 1];
    return {mix(a.r, b.r), mix(a.g, b.g), mix(a.b, b.b)};
}

// Labels centred over columns `spacing` apart: level when they fit, else turned 60 degrees.
struct ColumnLabels {
    std::vector<std::string> texts;
    double spacing, font;
    bool turned;
    double height;    // room above the columns
    double overhang;  // how far the last labels reach past the columns' right edge

    ColumnLabels(std::vector<std::string> labels, double spacing_, double font_, size_t count)
        : texts(std::move(labels)), spacing(spacing_), font(font_) {
        texts.resize(std::min(texts.size(), count));
        const double wide = widest_text(texts, font);
        turned = 1.1 * wide > spacing - 2;
        height = texts.empty() ? 0 : turned ? kSin60 * 1.1 * wide + font : font + 4;
        overhang = 0;
        for (size_t c = 0; c < texts.size(); ++c) {
            const double centre = (static_cast<double>(c) + 0.5) * spacing;
            const double w = 1.1 * text_width(texts[c], font);
            const double reach = turned ? centre + 0.3 * font + 0.5 * w : centre + w / 2;
            overhang = std::max(overhang, reach - spacing * static_cast<double>(count));
        }
    }

    // `left`: the first column's left edge; `bottom`: the columns' top edge.
    void add_to(Drawing& drawing, double left, double bottom) const {
        for (size_t c = 0; c < texts.size(); ++c) {
            const double centre = left + (static_cast<double>(c) + 0.5) * spacing;
            if (turned) {
                // The glyphs sit above-left of a turned baseline: start it right of centre.
                drawing.items.push_back(Label{texts[c], centre + 0.3 * font, bottom - 3, font,
                                              Anchor::start, -60, kTextColor});
            } else {
                drawing.items.push_back(
                    Label{texts[c], centre, bottom - 4, font, Anchor::middle, 0, kTextColor});
            }
        }
    }
};

// The map's cells from (left, top), each `cell` square, and a frame around them.
void add_cells(Drawing& drawing, const Heatmap& map, double left, double top, double cell) {
    for (int r = 0; r < map.rows; ++r) {
        for (int c = 0; c < map.columns; ++c) {
            const size_t index =
                static_cast<size_t>(r) * static_cast<size_t>(map.columns) + static_cast<size_t>(c);
            const float weight = index < map.weights.size() ? map.weights[index] : std::nanf("");
            Box box = fill_box(left + c * cell, top + r * cell, cell, cell, weight_color(weight));
            box.crisp = true;
            drawing.items.push_back(box);
        }
    }
    drawing.items.push_back(
        frame_box(left, top, map.columns * cell, map.rows * cell, kFrameColor, 0.5));
}

// The scale: dark (1) at the top, white (0) at the bottom, labelled at both ends.
void add_color_bar(Drawing& drawing, double left, double top, double height) {
    constexpr int kSteps = 32;
    const double step = height / kSteps;
    for (int i = 0; i < kSteps; ++i) {
        const float weight = 1.0f - (static_cast<float>(i) + 0.5f) / kSteps;
        Box box = fill_box(left, top + i * step, kBarWidth, step, weight_color(weight));
        box.crisp = true;
        drawing.items.push_back(box);
    }
    drawing.items.push_back(frame_box(left, top, kBarWidth, height, kFrameColor, 0.5));
    drawing.items.push_back(
        Label{"1", left + kBarWidth + 3, top + 7, 9, Anchor::start, 0, kTextColor});
    drawing.items.push_back(
        Label{"0", left + kBarWidth + 3, top + height, 9, Anchor::start, 0, kTextColor});
}

constexpr double kBarRoom = 12 + kBarWidth + 3 + 9;  // gap, bar, gap, "0"/"1"

void add_title(Drawing& drawing, const std::string& title) {
    if (title.empty()) return;
    drawing.items.push_back(
        Label{title, drawing.width / 2, kMargin + kTitleFont, kTitleFont, Anchor::middle});
}

double title_room(const std::string& title) {
    return title.empty() ? kMargin : kMargin + kTitleFont + 8;
}

}  // namespace

Drawing layout_heatmap(const Heatmap& map) {
    const int rows = std::max(map.rows, 0), columns = std::max(map.columns, 0);
    const bool empty = rows == 0 || columns == 0;
    const double cell = empty ? 0 : std::clamp(320.0 / std::max(rows, columns), 6.0, 28.0);
    const double font = std::clamp(cell * 0.8, 5.0, 10.0);

    std::vector<std::string> row_labels = map.row_labels;
    row_labels.resize(std::min(row_labels.size(), static_cast<size_t>(rows)));
    const double row_room = row_labels.empty() ? 0 : 1.1 * widest_text(row_labels, font) + 6;
    const ColumnLabels column_labels(map.column_labels, cell, font, static_cast<size_t>(columns));

    const double left = kMargin + row_room;
    const double top = title_room(map.title) + column_labels.height;
    const double grid_width = columns * cell, grid_height = rows * cell;
    const double right = empty ? 0 : std::max(kBarRoom, column_labels.overhang) + kMargin;

    Drawing drawing;
    drawing.width = std::max(
        {left + grid_width + right, text_width(map.title, kTitleFont) + 2 * kMargin, 60.0});
    drawing.height = top + grid_height + kMargin;
    drawing.items.push_back(fill_box(0, 0, drawing.width, drawing.height, {255, 255, 255}));
    add_title(drawing, map.title);
    if (empty) return drawing;

    add_cells(drawing, map, left, top, cell);
    for (size_t r = 0; r < row_labels.size(); ++r) {
        const double middle = top + (static_cast<double>(r) + 0.5) * cell;
        drawing.items.push_back(
            Label{row_labels[r], left - 4, middle + 0.35 * font, font, Anchor::end, 0, kTextColor});
    }
    column_labels.add_to(drawing, left, top);
    add_color_bar(drawing, left + grid_width + 12, top, std::min(grid_height, 160.0));
    return drawing;
}

Drawing layout_heatmap_grid(const HeatmapGrid& grid) {
    constexpr double kGap = 10, kFont = 10;
    size_t columns = 0;
    for (const auto& row : grid.cells) columns = std::max(columns, row.size());
    const size_t rows = grid.cells.size();
    const bool empty = rows == 0 || columns == 0;
    // Each map is scaled into a square of this side, whatever its own size.
    const double side = std::clamp(576.0 / std::max<double>(columns, 1), 36.0, 72.0);
    const double pitch = side + kGap;

    std::vector<std::string> row_titles = grid.row_titles;
    row_titles.resize(std::min(row_titles.size(), rows));
    const double row_room = row_titles.empty() ? 0 : 1.1 * widest_text(row_titles, kFont) + 8;
    // Column titles are centred over the squares, so they are measured on the pitch.
    const ColumnLabels column_titles(grid.column_titles, pitch, kFont, columns);

    const double left = kMargin + row_room;
    const double top = title_room(grid.title) + column_titles.height;
    const double grid_width = columns * pitch - (empty ? 0 : kGap);
    const double grid_height = rows * pitch - (empty ? 0 : kGap);
    const double right = empty ? 0 : std::max(kBarRoom, column_titles.overhang) + kMargin;

    Drawing drawing;
    drawing.width = std::max(
        {left + grid_width + right, text_width(grid.title, kTitleFont) + 2 * kMargin, 60.0});
    drawing.height = top + grid_height + kMargin;
    drawing.items.push_back(fill_box(0, 0, drawing.width, drawing.height, {255, 255, 255}));
    add_title(drawing, grid.title);
    if (empty) return drawing;

    for (size_t r = 0; r < rows; ++r) {
        const double square_top = top + static_cast<double>(r) * pitch;
        if (r < row_titles.size()) {
            drawing.items.push_back(Label{row_titles[r], left - 6,
                                          square_top + side / 2 + 0.35 * kFont, kFont, Anchor::end,
                                          0, kTextColor});
        }
        for (size_t c = 0; c < grid.cells[r].size(); ++c) {
            const Heatmap& map = grid.cells[r][c];
            const double square_left = left + static_cast<double>(c) * pitch;
            if (map.rows <= 0 || map.columns <= 0) {
                drawing.items.push_back(
                    frame_box(square_left, square_top, side, side, kFrameColor, 0.5));
                continue;
            }
            const double cell = side / std::max(map.rows, map.columns);
            add_cells(drawing, map, square_left + (side - map.columns * cell) / 2,
                      square_top + (side - map.rows * cell) / 2, cell);
        }
    }
    // The titles are centred over the squares, not over square + gap.
    column_titles.add_to(drawing, left - kGap / 2, top);
    add_color_bar(drawing, left + grid_width + 12, top, std::min(grid_height, 160.0));
    return drawing;
}

}  // namespace tfw::chart
