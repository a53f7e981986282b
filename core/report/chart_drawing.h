#pragma once
// What a figure is made of once laid out: a page of primitives in top-left coordinates (y
// grows downwards, as in SVG), and the two back ends that write it. The layouts
// (chart_layout.h) decide every position and colour, so the SVG and the PDF of a figure agree.

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

namespace tfw::chart {

struct Color {
    uint8_t r = 0, g = 0, b = 0;
};

struct Point {
    double x = 0, y = 0;
};

// A straight line: axes, grid lines, ticks, legend swatches.
struct Segment {
    Point from, to;
    Color color;
    double width = 1;
    bool dashed = false;
};

// A data curve.
struct Polyline {
    std::vector<Point> points;
    Color color;
    double width = 1.5;
    bool dashed = false;
};

// A closed filled outline, e.g. a mean ± std band.
struct Polygon {
    std::vector<Point> points;
    Color color;
    double opacity = 1;
};

// A rectangle, filled and/or outlined; heatmap cells are `crisp` (no anti-aliased seams).
struct Box {
    double x = 0, y = 0, width = 0, height = 0;
    bool filled = true;
    Color fill{255, 255, 255};
    bool stroked = false;
    Color stroke;
    double stroke_width = 1;
    bool crisp = false;
};

inline Box fill_box(double x, double y, double width, double height, Color fill) {
    return Box{x, y, width, height, true, fill, false, {}, 0, false};
}

inline Box frame_box(double x, double y, double width, double height, Color stroke,
                     double stroke_width) {
    return Box{x, y, width, height, false, {}, true, stroke, stroke_width, false};
}

enum class Anchor { start, middle, end };

// Text whose baseline starts, centres or ends (`anchor`) at (x, y), turned by `rotation`
// degrees (negative: counter-clockwise on the page, -90 reads upwards).
struct Label {
    std::string text;  // UTF-8
    double x = 0, y = 0;
    double size = 11;
    Anchor anchor = Anchor::start;
    double rotation = 0;
    Color color{0, 0, 0};
};

using Item = std::variant<Segment, Polyline, Polygon, Box, Label>;

struct Drawing {
    double width = 0, height = 0;
    std::vector<Item> items;  // painted in order
};

// The text's code points; invalid UTF-8 becomes U+FFFD.
std::vector<char32_t> decode_utf8(const std::string& text);

// Latin-1's printable characters: the ones the PDF writes with the standard Helvetica font.
bool is_latin1_printable(char32_t code_point);

// Width of `text` at font size `size`: Helvetica's widths for Latin-1, one em for anything
// else (CJK). Good enough for anchoring text and leaving room for it.
double text_width(const std::string& text, double size);
double widest_text(const std::vector<std::string>& texts, double size);

// `value` with at most `decimals` decimals: "12.5", "3", never "-0"; a non-finite number as
// "0", so that no file ever holds "nan".
std::string format_number(double value, int decimals = 2);

std::string write_svg(const Drawing& drawing);
std::string write_pdf(const Drawing& drawing);

}  // namespace tfw::chart
