// A Drawing as a standalone SVG file.
#include <cstdio>

#include "core/report/chart_drawing.h"
#include "core/report/markup_escape.h"

namespace tfw::chart {

namespace {

std::string hex(Color color) {
    char buffer[8];
    std::snprintf(buffer, sizeof buffer, "#%02x%02x%02x", color.r, color.g, color.b);
    return buffer;
}

std::string attribute(const char* name, double value) {
    return std::string(" ") + name + "=\"" + format_number(value) + "\"";
}

std::string stroke(Color color, double width, bool dashed) {
    return " stroke=\"" + hex(color) + "\"" + attribute("stroke-width", width) +
           (dashed ? " stroke-dasharray=\"3 2\"" : "");
}

std::string points(const std::vector<Point>& points) {
    std::string out;
    for (const Point& p : points) {
        if (!out.empty()) out += ' ';
        out += format_number(p.x) + "," + format_number(p.y);
    }
    return out;
}

struct ItemWriter {
    std::string& out;

    void operator()(const Segment& s) {
        out += "<line" + attribute("x1", s.from.x) + attribute("y1", s.from.y) +
               attribute("x2", s.to.x) + attribute("y2", s.to.y) +
               stroke(s.color, s.width, s.dashed) + "/>\n";
    }
    void operator()(const Polyline& line) {
        out += "<polyline points=\"" + points(line.points) + "\" fill=\"none\"" +
               stroke(line.color, line.width, line.dashed) +
               " stroke-linejoin=\"round\" stroke-linecap=\"round\"/>\n";
    }
    void operator()(const Polygon& polygon) {
        std::string path;
        for (const Point& p : polygon.points) {
            path += (path.empty() ? "M" : " L") + format_number(p.x) + " " + format_number(p.y);
        }
        out += "<path d=\"" + path + " Z\" fill=\"" + hex(polygon.color) + "\"" +
               attribute("fill-opacity", polygon.opacity) + "/>\n";
    }
    void operator()(const Box& box) {
        out += "<rect" + attribute("x", box.x) + attribute("y", box.y) +
               attribute("width", box.width) + attribute("height", box.height) + " fill=\"" +
               (box.filled ? hex(box.fill) : "none") + "\"" +
               (box.stroked ? stroke(box.stroke, box.stroke_width, false) : "") +
               (box.crisp ? " shape-rendering=\"crispEdges\"" : "") + "/>\n";
    }
    void operator()(const Label& label) {
        const char* anchor = label.anchor == Anchor::start    ? "start"
                             : label.anchor == Anchor::middle ? "middle"
                                                              : "end";
        out += "<text" + attribute("x", label.x) + attribute("y", label.y) +
               attribute("font-size", label.size) + " text-anchor=\"" + anchor + "\" fill=\"" +
               hex(label.color) + "\"";
        if (label.rotation != 0) {
            out += " transform=\"rotate(" + format_number(label.rotation) + " " +
                   format_number(label.x) + " " + format_number(label.y) + ")\"";
        }
        out += ">" + escape_markup(label.text) + "</text>\n";
    }
};

}  // namespace

std::string write_svg(const Drawing& drawing) {
    const std::string width = format_number(drawing.width), height = format_number(drawing.height);
    std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    out += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + width + "\" height=\"" + height +
           "\" viewBox=\"0 0 " + width + " " + height +
           "\" font-family=\"DejaVu Sans, WenQuanYi Micro Hei, Noto Sans CJK SC, sans-serif\">\n";
    ItemWriter writer{out};
    for (const Item& item : drawing.items) std::visit(writer, item);
    out += "</svg>\n";
    return out;
}

}  // namespace tfw::chart
