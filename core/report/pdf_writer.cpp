// A Drawing as a one-page PDF 1.4, written by hand with uncompressed streams. Text in
// Latin-1 uses the standard Helvetica; any other character (Chinese) uses the standard CJK
// font STSong-Light, which every PDF reader substitutes, so no font file is embedded.
#include <cmath>
#include <cstdio>
#include <map>

#include "core/report/chart_drawing.h"

namespace tfw::chart {

namespace {

constexpr double kPi = 3.14159265358979323846;

std::string rgb(Color color, const char* op) {
    return format_number(color.r / 255.0, 3) + " " + format_number(color.g / 255.0, 3) + " " +
           format_number(color.b / 255.0, 3) + " " + op + "\n";
}

// A run of text in one font: Latin-1 as a literal string of Helvetica, the rest as UTF-16BE
// hex of STSong-Light (UniGB-UCS2-H takes UCS-2 codes).
struct Run {
    bool cjk;
    std::string operand;  // "(...)" or "<...>"
};

std::vector<Run> runs(const std::string& text) {
    std::vector<Run> out;
    for (char32_t c : decode_utf8(text)) {
        if (c < 0x20) c = ' ';
        // Beyond UCS-2, or undecodable: nothing STSong-Light has.
        if (c > 0xFFFF || c == 0xFFFD) c = '?';
        const bool cjk = !is_latin1_printable(c);
        if (out.empty() || out.back().cjk != cjk) out.push_back({cjk, ""});
        std::string& operand = out.back().operand;
        char buffer[8];
        if (cjk) {
            std::snprintf(buffer, sizeof buffer, "%04X", static_cast<unsigned>(c));
            operand += buffer;
        } else if (c == '(' || c == ')' || c == '\\') {
            operand += '\\';
            operand += static_cast<char>(c);
        } else if (c >= 0x7F) {  // kept 7-bit: octal escape of the WinAnsi byte
            std::snprintf(buffer, sizeof buffer, "\\%03o", static_cast<unsigned>(c));
            operand += buffer;
        } else {
            operand += static_cast<char>(c);
        }
    }
    for (Run& run : out) run.operand = run.cjk ? "<" + run.operand + ">" : "(" + run.operand + ")";
    return out;
}

// The page's content stream, and the resources it uses.
struct Page {
    double height;
    std::string content;
    bool uses_cjk = false;
    std::map<double, std::string> opacities;  // fill opacity -> ExtGState name

    std::string x(double v) const { return format_number(v, 2); }
    std::string y(double v) const { return format_number(height - v, 2); }

    std::string path(const std::vector<Point>& points) const {
        std::string out;
        for (size_t i = 0; i < points.size(); ++i) {
            out += x(points[i].x) + " " + y(points[i].y) + (i == 0 ? " m\n" : " l\n");
        }
        return out;
    }

    static std::string stroke_style(double width, bool dashed) {
        return format_number(width, 2) + " w\n" + (dashed ? "[3 2] 0 d\n" : "");
    }

    void operator()(const Segment& s) {
        content += "q\n" + rgb(s.color, "RG") + stroke_style(s.width, s.dashed) +
                   path({s.from, s.to}) + "S\nQ\n";
    }
    void operator()(const Polyline& line) {
        if (line.points.size() < 2) return;
        content += "q\n" + rgb(line.color, "RG") + stroke_style(line.width, line.dashed) +
                   "1 J 1 j\n" + path(line.points) + "S\nQ\n";
    }
    void operator()(const Polygon& polygon) {
        if (polygon.points.size() < 3) return;
        content += "q\n";
        if (polygon.opacity < 1) {
            auto [entry, added] = opacities.emplace(polygon.opacity, "");
            if (added) entry->second = "GS" + std::to_string(opacities.size() - 1);
            content += "/" + entry->second + " gs\n";
        }
        content += rgb(polygon.color, "rg") + path(polygon.points) + "h f\nQ\n";
    }
    void operator()(const Box& box) {
        if (!box.filled && !box.stroked) return;
        content += "q\n";
        if (box.filled) content += rgb(box.fill, "rg");
        if (box.stroked) content += rgb(box.stroke, "RG") + stroke_style(box.stroke_width, false);
        content += x(box.x) + " " + y(box.y + box.height) + " " + format_number(box.width, 2) +
                   " " + format_number(box.height, 2) + " re " +
                   (box.filled && box.stroked ? "B"
                    : box.filled              ? "f"
                                              : "S") +
                   "\nQ\n";
    }
    void operator()(const Label& label) {
        const std::vector<Run> text = runs(label.text);
        if (text.empty()) return;
        // Page y points up, so the SVG's clockwise angle is counter-clockwise here.
        const double angle = -label.rotation * kPi / 180;
        const double c = std::cos(angle), s = std::sin(angle);
        const double width = text_width(label.text, label.size);
        const double shift = label.anchor == Anchor::start    ? 0
                             : label.anchor == Anchor::middle ? -width / 2
                                                              : -width;
        const double origin_x = label.x + c * shift, origin_y = height - label.y + s * shift;
        content += "BT\n" + rgb(label.color, "rg") + format_number(c, 4) + " " +
                   format_number(s, 4) + " " + format_number(-s, 4) + " " + format_number(c, 4) +
                   " " + format_number(origin_x, 2) + " " + format_number(origin_y, 2) + " Tm\n";
        for (const Run& run : text) {
            uses_cjk |= run.cjk;
            content += std::string(run.cjk ? "/F2 " : "/F1 ") + format_number(label.size, 2) +
                       " Tf " + run.operand + " Tj\n";
        }
        content += "ET\n";
    }
};

}  // namespace

std::string write_pdf(const Drawing& drawing) {
    Page page{drawing.height, {}, false, {}};
    for (const Item& item : drawing.items) std::visit(page, item);

    // Objects 1-5 always; then the CJK font's three, then one ExtGState per opacity.
    std::vector<std::string> objects(5);
    std::string fonts = "/F1 5 0 R";
    if (page.uses_cjk) {
        const size_t font = objects.size() + 1;
        fonts += " /F2 " + std::to_string(font) + " 0 R";
        objects.push_back(
            "<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light /Encoding "
            "/UniGB-UCS2-H /DescendantFonts [" +
            std::to_string(font + 1) + " 0 R] >>");
        objects.push_back(
            "<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light /CIDSystemInfo "
            "<< /Registry (Adobe) /Ordering (GB1) /Supplement 2 >> /FontDescriptor " +
            std::to_string(font + 2) + " 0 R /DW 1000 >>");
        objects.push_back(
            "<< /Type /FontDescriptor /FontName /STSong-Light /Flags 6 /FontBBox [-25 -254 1000 "
            "880] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 626 /StemV 93 >>");
    }
    std::string states;
    for (const auto& [opacity, name] : page.opacities) {
        objects.push_back("<< /Type /ExtGState /ca " + format_number(opacity, 3) + " >>");
        states += " /" + name + " " + std::to_string(objects.size()) + " 0 R";
    }
    objects[0] = "<< /Type /Catalog /Pages 2 0 R >>";
    objects[1] = "<< /Type /Pages /Kids [3 0 R] /Count 1 >>";
    objects[2] = "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 " + format_number(drawing.width, 2) +
                 " " + format_number(drawing.height, 2) + "] /Resources << /Font << " + fonts +
                 " >>" + (states.empty() ? "" : " /ExtGState <<" + states + " >>") +
                 " >> /Contents 4 0 R >>";
    objects[3] = "<< /Length " + std::to_string(page.content.size()) + " >>\nstream\n" +
                 page.content + "\nendstream";
    objects[4] =
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>";

    // A comment of four bytes above 127 marks the file as binary for transfer programs.
    std::string out = "%PDF-1.4\n%\xE2\xE3\xCF\xD3\n";
    std::vector<size_t> offsets;
    for (size_t i = 0; i < objects.size(); ++i) {
        offsets.push_back(out.size());
        out += std::to_string(i + 1) + " 0 obj\n" + objects[i] + "\nendobj\n";
    }
    const size_t xref = out.size();
    out += "xref\n0 " + std::to_string(objects.size() + 1) + "\n0000000000 65535 f \n";
    for (size_t offset : offsets) {
        char entry[24];
        std::snprintf(entry, sizeof entry, "%010zu 00000 n \n", offset);
        out += entry;
    }
    out += "trailer\n<< /Size " + std::to_string(objects.size() + 1) +
           " /Root 1 0 R >>\nstartxref\n" + std::to_string(xref) + "\n%%EOF\n";
    return out;
}

}  // namespace tfw::chart
