// The report's vector figures (core/report/chart.h): tick values and labels, and line charts
// and heatmaps as SVG (well-formed XML, escaped text, one element per curve and band) and as
// PDF (a valid xref table, the CJK font only for text beyond Latin-1), never with NaN.
#include <QXmlStreamReader>
#include <QtTest>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "core/report/chart.h"
#include "core/report/chart_layout.h"

using namespace tfw;

namespace {

const double kNaN = std::numeric_limits<double>::quiet_NaN();
const double kInf = std::numeric_limits<double>::infinity();

bool close_to(const std::vector<double>& actual, const std::vector<double>& expected) {
    if (actual.size() != expected.size()) return false;
    for (size_t i = 0; i < actual.size(); ++i) {
        if (std::fabs(actual[i] - expected[i]) > 1e-9 * std::max(1.0, std::fabs(expected[i]))) {
            return false;
        }
    }
    return true;
}

QByteArray text_of(const std::vector<double>& values) {
    QByteArray out;
    for (double v : values) out += QByteArray::number(v, 'g', 12) + ' ';
    return out;
}

#define COMPARE_TICKS(actual, ...)                                                   \
    do {                                                                             \
        const std::vector<double> got = (actual), want = __VA_ARGS__;                \
        QVERIFY2(close_to(got, want), text_of(got) + "instead of " + text_of(want)); \
    } while (false)

// What the tests look at in an SVG file, read with Qt's XML parser.
struct Svg {
    QString error;  // empty when well-formed
    QString root_width, root_height, view_box;
    QStringList texts;            // character data of the <text> elements
    QStringList text_transforms;  // their transform attributes ("" for none)
    int polylines = 0, dashed_polylines = 0, paths = 0;
    QList<QXmlStreamAttributes> rects;
};

Svg parse_svg(const std::string& file) {
    Svg svg;
    QXmlStreamReader reader(QByteArray::fromStdString(file));
    while (reader.readNext() != QXmlStreamReader::EndDocument && !reader.hasError()) {
        if (!reader.isStartElement()) continue;
        const QXmlStreamAttributes attributes = reader.attributes();
        const auto name = reader.name();
        if (name == u"svg") {
            svg.root_width = attributes.value("width").toString();
            svg.root_height = attributes.value("height").toString();
            svg.view_box = attributes.value("viewBox").toString();
        } else if (name == u"polyline") {
            ++svg.polylines;
            if (attributes.hasAttribute("stroke-dasharray")) ++svg.dashed_polylines;
        } else if (name == u"path") {
            ++svg.paths;
        } else if (name == u"rect") {
            svg.rects.append(attributes);
        } else if (name == u"text") {
            svg.text_transforms.append(attributes.value("transform").toString());
            svg.texts.append(reader.readElementText());
        }
    }
    if (reader.hasError()) svg.error = reader.errorString();
    return svg;
}

// Why `pdf` is not a well-formed one-file PDF, or "" when it is: header, an xref table whose
// every offset points at its "N 0 obj", startxref pointing at the table, stream lengths that
// end where "endstream" begins, %%EOF.
QString pdf_problem(const std::string& pdf) {
    if (pdf.rfind("%PDF-1.", 0) != 0) return "no %PDF-1. header";
    const size_t eof = pdf.rfind("%%EOF");
    if (eof == std::string::npos || pdf.find_first_not_of("\r\n", eof + 5) != std::string::npos) {
        return "does not end with %%EOF";
    }
    const size_t startxref = pdf.rfind("startxref");
    if (startxref == std::string::npos) return "no startxref";
    const size_t xref = std::stoul(pdf.substr(startxref + 9, eof - startxref - 9));
    if (pdf.compare(xref, 4, "xref") != 0) return "startxref does not point at xref";
    size_t at = pdf.find('\n', xref) + 1;
    size_t first = 0, count = 0;
    if (std::sscanf(pdf.c_str() + at, "%zu %zu", &first, &count) != 2 || first != 0 || count < 2) {
        return "bad xref subsection header";
    }
    at = pdf.find('\n', at) + 1;
    for (size_t i = 0; i < count; ++i, at += 20) {
        const std::string entry = pdf.substr(at, 20);
        if (entry.size() != 20 || entry.back() != '\n') return "xref entry not 20 bytes";
        if (i == 0) {
            if (entry.compare(0, 18, "0000000000 65535 f") != 0) return "bad free entry";
            continue;
        }
        if (entry[17] != 'n') return "xref entry not in use";
        const size_t offset = std::stoul(entry.substr(0, 10));
        const std::string header = std::to_string(i) + " 0 obj";
        if (pdf.compare(offset, header.size(), header) != 0) {
            return QString("xref offset of object %1 points elsewhere").arg(i);
        }
    }
    if (pdf.find("/Size " + std::to_string(count), at) == std::string::npos) {
        return "trailer /Size differs from the xref table";
    }
    for (size_t length = pdf.find("/Length "); length != std::string::npos;
         length = pdf.find("/Length ", length + 1)) {
        const size_t bytes = std::stoul(pdf.substr(length + 8, 20));
        const size_t data = pdf.find("stream\n", length) + 7;
        if (pdf.compare(data + bytes, 10, "\nendstream") != 0) return "wrong stream /Length";
    }
    return {};
}

bool has_non_finite(const std::string& file) {
    return file.find("nan") != std::string::npos || file.find("inf") != std::string::npos ||
           file.find("NaN") != std::string::npos || file.find("Infinity") != std::string::npos;
}

int count(const std::string& text, const std::string& part) {
    int n = 0;
    for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
    return n;
}

// Training with a band (solid) and validation (dashed), Chinese and markup in the labels.
LineChart training_chart() {
    LineChart chart;
    chart.title = "Loss 损失";
    chart.x_label = "step 步数";
    chart.y_label = "验证 loss (nats)";
    ChartSeries train{"training <&> 训练", {}, {}, {}, false};
    ChartSeries valid{"validation", {}, {}, {}, true};
    for (int i = 0; i <= 20; ++i) {
        train.x.push_back(i * 100);
        train.y.push_back(6.0 * std::exp(-i / 8.0) + 1.5);
        train.band.push_back(0.2);
        valid.x.push_back(i * 100);
        valid.y.push_back(6.2 * std::exp(-i / 9.0) + 1.8);
    }
    chart.series = {train, valid};
    return chart;
}

Heatmap diagonal_map(int rows, int columns) {
    Heatmap map;
    map.rows = rows;
    map.columns = columns;
    for (int r = 0; r < rows; ++r) {
        for (int c = 0; c < columns; ++c) map.weights.push_back(r == c ? 1.0f : 0.1f);
    }
    return map;
}

QList<QXmlStreamAttributes> cells(const Svg& svg) {
    QList<QXmlStreamAttributes> out;
    for (const auto& rect : svg.rects) {
        if (rect.hasAttribute("shape-rendering")) out.append(rect);
    }
    return out;
}

}  // namespace

class TestReportFigures : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void niceTicksCoverTheRangeAtRoundValues() {
        COMPARE_TICKS(nice_ticks(0, 1, 5), {0, 0.25, 0.5, 0.75, 1});
        COMPARE_TICKS(nice_ticks(0, 10000, 6), {0, 2000, 4000, 6000, 8000, 10000});
        COMPARE_TICKS(nice_ticks(2.1, 7.3, 5), {2, 4, 6, 8});
        COMPARE_TICKS(nice_ticks(0, 7e-4, 5), {0, 2e-4, 4e-4, 6e-4, 8e-4});
        COMPARE_TICKS(nice_ticks(-3, 12, 5), {-5, 0, 5, 10, 15});
        COMPARE_TICKS(nice_ticks(1, 0, 5), {0, 0.25, 0.5, 0.75, 1});  // reversed
        COMPARE_TICKS(nice_ticks(3, 3, 5), {2.6, 2.8, 3, 3.2, 3.4});  // padded by ±10%
        COMPARE_TICKS(nice_ticks(0, 0, 5), {-1, -0.5, 0, 0.5, 1});
        QVERIFY(nice_ticks(kNaN, 1).empty());
        QVERIFY(nice_ticks(0, kInf).empty());

        // Any range: covered, evenly spaced at 1, 2, 2.5 or 5 × 10^k, a handful of ticks.
        for (double low : {-1234.5, -0.003, 0.0, 0.17, 42.0, 1e6}) {
            for (double span : {1e-4, 0.37, 1.0, 9.99, 123.0, 5e7}) {
                const std::vector<double> t = nice_ticks(low, low + span, 5);
                QVERIFY(t.size() >= 3 && t.size() <= 7);
                const double step = (t.back() - t.front()) / static_cast<double>(t.size() - 1);
                QVERIFY(t.front() <= low + 1e-6 * step && t.back() >= low + span - 1e-6 * step);
                const double mantissa = step / std::pow(10.0, std::floor(std::log10(step)));
                bool nice = false;
                for (double m : {1.0, 2.0, 2.5, 5.0, 10.0}) {
                    nice |= std::fabs(mantissa / m - 1) < 1e-4;
                }
                QVERIFY2(nice, text_of(t));
            }
        }
    }

    void logTicksArePowersOfTenWithTwoAndFiveOverFewDecades() {
        COMPARE_TICKS(log_ticks(60, 1035), {50, 100, 200, 500, 1000, 2000});
        COMPARE_TICKS(log_ticks(100, 400), {100, 200, 500});
        COMPARE_TICKS(log_ticks(1e-5, 0.1), {1e-5, 1e-4, 1e-3, 1e-2, 0.1});
        COMPARE_TICKS(log_ticks(3e-6, 0.02), {1e-6, 1e-5, 1e-4, 1e-3, 1e-2, 0.1});
        COMPARE_TICKS(log_ticks(1e-8, 1e4), {1e-8, 1e-6, 1e-4, 1e-2, 1, 100, 1e4});  // every 2nd
        COMPARE_TICKS(log_ticks(100, 100), {50, 100});
        QVERIFY(log_ticks(0, 10).empty());
        QVERIFY(log_ticks(-1, 10).empty());
        QVERIFY(log_ticks(1, kNaN).empty());
    }

    void tickLabelsArePlainOrShortScientific() {
        using chart::tick_text;
        QCOMPARE(tick_text(0.5, 0.25), std::string("0.5"));
        QCOMPARE(tick_text(0.75, 0.25), std::string("0.75"));
        QCOMPARE(tick_text(7.5, 2.5), std::string("7.5"));
        QCOMPARE(tick_text(5, 2.5), std::string("5"));
        QCOMPARE(tick_text(1000, 500), std::string("1000"));
        QCOMPARE(tick_text(-2, 1), std::string("-2"));
        QCOMPARE(tick_text(0.1 + 0.2, 0.1), std::string("0.3"));
        QCOMPARE(tick_text(1e-4, 1e-4), std::string("1e-4"));
        QCOMPARE(tick_text(2.5e-4, 2.5e-4), std::string("2.5e-4"));
        QCOMPARE(tick_text(1e-3, 2.5e-4), std::string("1e-3"));  // same style on one axis
        QCOMPARE(tick_text(1e-17, 2e-4), std::string("0"));      // 5 × 2e-4 - 1e-3
        QCOMPARE(tick_text(1e6, 2e5), std::string("1e6"));
        QCOMPARE(tick_text(50, 50), std::string("50"));  // log axis: step = lowest tick
    }

    void lineChartSvgIsWellFormedWithOneElementPerCurveAndBand() {
        const std::string file = chart_svg(training_chart());
        QVERIFY(file.rfind("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg ", 0) == 0);
        QVERIFY(file.find("xmlns=\"http://www.w3.org/2000/svg\"") != std::string::npos);
        QVERIFY(file.find("font-family=\"DejaVu Sans, WenQuanYi Micro Hei, Noto Sans CJK SC, "
                          "sans-serif\"") != std::string::npos);
        const Svg svg = parse_svg(file);
        QVERIFY2(svg.error.isEmpty(), qPrintable(svg.error));
        QCOMPARE(svg.root_width, QString("480"));
        QCOMPARE(svg.root_height, QString("300"));
        QCOMPARE(svg.view_box, QString("0 0 480 300"));
        QCOMPARE(svg.polylines, 2);
        QCOMPARE(svg.dashed_polylines, 1);
        QCOMPARE(svg.paths, 2);  // the band, and its swatch in the legend
        QVERIFY(file.find("fill-opacity=\"0.2\"") != std::string::npos);

        QVERIFY(svg.texts.contains("training <&> 训练"));
        QVERIFY(file.find("training &lt;&amp;&gt; 训练") != std::string::npos);
        QVERIFY(svg.texts.contains("validation"));
        QVERIFY(svg.texts.contains("Loss 损失"));
        QVERIFY(svg.texts.contains("step 步数"));
        const qsizetype y_label = svg.texts.indexOf("验证 loss (nats)");
        QVERIFY(y_label >= 0);
        QVERIFY(svg.text_transforms[y_label].startsWith("rotate(-90 "));
        // Ticks: steps 0..2000 and losses from about 1.5 to 7.7.
        QVERIFY(svg.texts.contains("2000"));
        QVERIFY(svg.texts.contains("0"));
        QVERIFY(svg.texts.contains("8"));
        QVERIFY(!has_non_finite(file));
    }

    void quotesAndBrokenUtf8StayWellFormed() {
        LineChart chart;
        chart.title = "\"quoted\" & 'single' \x01 bad \xFF\xC3";
        chart.series = {{"a", {0, 1}, {1, 2}, {}, false}};
        const std::string file = chart_svg(chart);
        const Svg svg = parse_svg(file);
        QVERIFY2(svg.error.isEmpty(), qPrintable(svg.error));
        QVERIFY(file.find("&quot;quoted&quot; &amp; &apos;single&apos;") != std::string::npos);
        QVERIFY(svg.texts.contains(QString::fromUtf8("\"quoted\" & 'single'   bad \uFFFD\uFFFD")));
        QVERIFY(pdf_problem(chart_pdf(chart)).isEmpty());
    }

    void logAxisSkipsValuesAtOrBelowZero() {
        LineChart chart;
        chart.log_y = true;
        chart.series = {{"perplexity", {0, 1, 2, 3}, {0, -5, 80, 400}, {}, false}};
        const std::string file = chart_svg(chart);
        const Svg svg = parse_svg(file);
        QVERIFY2(svg.error.isEmpty(), qPrintable(svg.error));
        const size_t at = file.find("<polyline points=\"");
        QVERIFY(at != std::string::npos);
        const std::string points = file.substr(at + 18, file.find('"', at + 18) - at - 18);
        QCOMPARE(count(points, ","), 2);  // (2, 80) and (3, 400)
        for (const char* tick : {"50", "100", "200", "500"}) QVERIFY(svg.texts.contains(tick));
        QVERIFY(!has_non_finite(file));
    }

    void learningRateTicksAreScientific() {
        LineChart chart;
        chart.series = {{"", {0, 100, 200}, {0, 7e-4, 3e-4}, {}, false}};
        const Svg svg = parse_svg(chart_svg(chart));
        QVERIFY2(svg.error.isEmpty(), qPrintable(svg.error));
        for (const char* tick : {"0", "2e-4", "4e-4", "6e-4", "8e-4"}) {
            QVERIFY2(svg.texts.contains(tick), tick);
        }
        QCOMPARE(svg.rects.size(), 1);  // the background: no legend without labels
    }

    void lineChartPdfHasAValidXrefAndFontsPerScript() {
        const std::string pdf = chart_pdf(training_chart());
        QVERIFY2(pdf_problem(pdf).isEmpty(), qPrintable(pdf_problem(pdf)));
        QVERIFY(pdf.find("/MediaBox [0 0 480 300]") != std::string::npos);
        QVERIFY(pdf.find("/BaseFont /Helvetica /Encoding /WinAnsiEncoding") != std::string::npos);
        QVERIFY(pdf.find("/Subtype /Type0 /BaseFont /STSong-Light /Encoding /UniGB-UCS2-H") !=
                std::string::npos);
        QVERIFY(pdf.find("/CIDFontType0") != std::string::npos);
        QVERIFY(pdf.find("/Registry (Adobe) /Ordering (GB1) /Supplement 2") != std::string::npos);
        // "training <&> 训练": a Helvetica run, then 训 (U+8BAD) 练 (U+7EC3) in UTF-16BE.
        QVERIFY(pdf.find("/F1 10 Tf (training <&> ) Tj\n/F2 10 Tf <8BAD7EC3> Tj") !=
                std::string::npos);
        QVERIFY(pdf.find("/F2 11 Tf <9A8C8BC1> Tj\n/F1 11 Tf ( loss \\(nats\\)) Tj") !=
                std::string::npos);
        QVERIFY(pdf.find("[3 2] 0 d") != std::string::npos);                 // validation
        QVERIFY(pdf.find("/Type /ExtGState /ca 0.2") != std::string::npos);  // the band
        QVERIFY(pdf.find("0 1 -1 0 ") != std::string::npos);  // the y label turned upwards
        QVERIFY(!has_non_finite(pdf));
    }

    void pdfCheckCatchesBrokenFiles() {  // the check the other PDF tests rely on
        const std::string pdf = chart_pdf(training_chart());
        std::string renumbered = pdf;
        renumbered.replace(pdf.find("2 0 obj"), 7, "7 0 obj");
        QVERIFY(pdf_problem(renumbered).contains("object 2"));
        std::string shifted = pdf;
        shifted.insert(pdf.find("2 0 obj"), " ");
        QVERIFY(!pdf_problem(shifted).isEmpty());
        std::string longer = pdf;
        longer.insert(pdf.find("endstream"), "0 0 m\n");
        QVERIFY(!pdf_problem(longer).isEmpty());
        QVERIFY(!pdf_problem(pdf.substr(0, pdf.size() - 7)).isEmpty());
    }

    void latinOnlyPdfHasNoCjkFont() {
        LineChart chart;
        chart.title = "Straße über (é)";
        chart.series = {{"loss", {0, 1, 2}, {3, 2, 1}, {}, false}};
        const std::string pdf = chart_pdf(chart);
        QVERIFY2(pdf_problem(pdf).isEmpty(), qPrintable(pdf_problem(pdf)));
        QVERIFY(pdf.find("/Type0") == std::string::npos);
        QVERIFY(pdf.find("STSong") == std::string::npos);
        QVERIFY(pdf.find("(Stra\\337e \\374ber \\(\\351\\)) Tj") != std::string::npos);
        QVERIFY(pdf.find("/ExtGState") == std::string::npos);  // no band, no transparency
        QVERIFY(pdf.find("[3 2] 0 d") == std::string::npos);
    }

    void emptyAndNonFiniteChartsStillGiveValidFiles() {
        LineChart empty;
        empty.title = "empty";
        empty.x_label = "step";
        empty.y_label = "loss";
        LineChart no_points = empty;
        no_points.series = {{"diverged", {0, 1, kNaN}, {kNaN, kInf, 1}, {1, kNaN, kInf}, false}};
        LineChart bad_band = empty;
        bad_band.series = {{"band", {0, 1, 2}, {1, 2, 3}, {kNaN, kInf, 1e308}, false},
                           {"short band", {0, 1}, {1, 2}, {0.5}, false}};
        LineChart log_nothing = empty;
        log_nothing.log_y = true;
        log_nothing.series = {{"ppl", {0, 1}, {0, -1}, {}, false}};
        LineChart tiny = no_points;
        tiny.width = tiny.height = 1;
        for (const LineChart& chart : {empty, no_points, bad_band, log_nothing, tiny}) {
            const std::string svg = chart_svg(chart), pdf = chart_pdf(chart);
            const Svg parsed = parse_svg(svg);
            QVERIFY2(parsed.error.isEmpty(), qPrintable(parsed.error));
            QVERIFY(parsed.texts.contains("step") && parsed.texts.contains("loss"));
            QVERIFY2(pdf_problem(pdf).isEmpty(), qPrintable(pdf_problem(pdf)));
            QVERIFY2(!has_non_finite(svg), svg.c_str());
            QVERIFY(!has_non_finite(pdf));
        }
        QCOMPARE(parse_svg(chart_svg(bad_band)).paths, 0);  // no band has 2 valid points
    }

    void singlePointAndFlatSeriesArePadded() {
        LineChart chart;
        chart.series = {{"one", {5}, {2}, {}, false}};
        Svg svg = parse_svg(chart_svg(chart));
        QVERIFY2(svg.error.isEmpty(), qPrintable(svg.error));
        for (const char* tick : {"1.8", "2", "2.2", "4.4", "5", "5.6"}) {
            QVERIFY2(svg.texts.contains(tick), tick);
        }
        // A lone point gets a marker, beside the background and the legend box.
        QCOMPARE(svg.rects.size(), 3);

        chart.series = {{"flat", {0, 1, 2}, {0, 0, 0}, {}, false}};
        svg = parse_svg(chart_svg(chart));
        QVERIFY(svg.texts.contains("-1") && svg.texts.contains("1"));
    }

    void heatmapCellsDarkenWithWeight() {
        Heatmap map;
        map.rows = 1;
        map.columns = 3;
        map.weights = {0.0f, 1.0f, std::nanf("")};
        const std::string file = heatmap_svg(map);
        const Svg svg = parse_svg(file);
        QVERIFY2(svg.error.isEmpty(), qPrintable(svg.error));
        const auto cell = cells(svg);
        QVERIFY(cell.size() >= 3);
        QCOMPARE(cell[0].value("fill").toString(), QString("#ffffff"));
        QCOMPARE(cell[1].value("fill").toString(), QString("#08306b"));
        QCOMPARE(cell[2].value("fill").toString(), QString("#bbbbbb"));  // missing
        QVERIFY(!has_non_finite(file));
    }

    void heatmapLabelsTokensAndTurnsLongColumnLabels() {
        Heatmap map = diagonal_map(6, 7);
        map.title = "Attention 注意力";
        map.row_labels = {"Ein", "Mann", "läuft", "über", "die", "Straße"};
        map.column_labels = {"A", "man", "walks", "across", "the", "street", "</s>"};
        const std::string file = heatmap_svg(map);
        const Svg svg = parse_svg(file);
        QVERIFY2(svg.error.isEmpty(), qPrintable(svg.error));
        QVERIFY(cells(svg).size() >= 42);
        int dark = 0;
        for (const auto& cell : cells(svg)) dark += cell.value("fill") == u"#08306b";
        QCOMPARE(dark, 6);  // the diagonal
        for (const auto* labels : {&map.row_labels, &map.column_labels}) {
            for (const auto& label : *labels) {
                QVERIFY2(svg.texts.contains(QString::fromStdString(label)), label.c_str());
            }
        }
        QVERIFY(file.find("&lt;/s&gt;") != std::string::npos);
        const qsizetype across = svg.texts.indexOf("across");
        QVERIFY(svg.text_transforms[across].startsWith("rotate(-60 "));

        const std::string pdf = heatmap_pdf(map);
        QVERIFY2(pdf_problem(pdf).isEmpty(), qPrintable(pdf_problem(pdf)));
        QVERIFY(pdf.find("(l\\344uft) Tj") != std::string::npos);
        QVERIFY(pdf.find("/Type0") != std::string::npos);  // the title's 注意力

        // Short labels stay level.
        Heatmap small = diagonal_map(2, 2);
        small.column_labels = {"a", "b"};
        const Svg level = parse_svg(heatmap_svg(small));
        QCOMPARE(level.text_transforms[level.texts.indexOf("a")], QString());
    }

    void degenerateHeatmapsStillGiveValidFiles() {
        Heatmap empty;
        empty.title = "nothing";
        Heatmap short_weights = diagonal_map(3, 3);
        short_weights.weights.resize(4);
        short_weights.row_labels = {"only one"};
        short_weights.column_labels = {"x", "y", "z", "extra", "more"};
        Heatmap negative;
        negative.rows = -2;
        negative.columns = 3;
        for (const Heatmap& map : {empty, short_weights, negative}) {
            const std::string svg = heatmap_svg(map), pdf = heatmap_pdf(map);
            QVERIFY2(parse_svg(svg).error.isEmpty(), qPrintable(parse_svg(svg).error));
            QVERIFY2(pdf_problem(pdf).isEmpty(), qPrintable(pdf_problem(pdf)));
            QVERIFY(!has_non_finite(svg) && !has_non_finite(pdf));
        }
        QCOMPARE(cells(parse_svg(heatmap_svg(empty))).size(), 0);
        QVERIFY(!parse_svg(heatmap_svg(short_weights)).texts.contains("extra"));
    }

    void gridScalesEachMapIntoItsSquare() {
        HeatmapGrid grid;
        grid.title = "Self-attention, layer × head";
        grid.row_titles = {"layer 1", "layer 2"};
        grid.column_titles = {"head 1", "head 2", "head 3", "头 4"};
        for (int r = 0; r < 2; ++r) {
            grid.cells.emplace_back();
            for (int c = 0; c < 4; ++c) {
                Heatmap map = c == 3 ? diagonal_map(2, 3) : diagonal_map(4, 4);
                map.row_labels = {"own row label"};
                map.column_labels = {"own column label"};
                grid.cells.back().push_back(map);
            }
        }
        const std::string file = heatmap_grid_svg(grid);
        const Svg svg = parse_svg(file);
        QVERIFY2(svg.error.isEmpty(), qPrintable(svg.error));
        for (const char* title :
             {"layer 1", "layer 2", "head 1", "head 3", "头 4", "Self-attention, layer × head"}) {
            QVERIFY2(svg.texts.contains(QString::fromUtf8(title)), title);
        }
        QVERIFY(!svg.texts.contains("own row label") && !svg.texts.contains("own column label"));
        QVERIFY(cells(svg).size() >= 2 * (3 * 16 + 6));

        // Frames around the maps: the 4×4 maps fill their squares, the 2×3 ones are as wide
        // and two thirds as high.
        QList<double> square, wide;
        for (const auto& rect : svg.rects) {
            if (rect.value("fill") != u"none") continue;
            const double w = rect.value("width").toDouble(), h = rect.value("height").toDouble();
            if (std::fabs(w - h) < 0.02) square.append(w);
            if (std::fabs(h - w * 2 / 3) < 0.02) wide.append(w);
        }
        QCOMPARE(square.size(), 6);
        QCOMPARE(wide.size(), 2);
        QVERIFY(std::fabs(square[0] - wide[0]) < 0.02);

        const std::string pdf = heatmap_grid_pdf(grid);
        QVERIFY2(pdf_problem(pdf).isEmpty(), qPrintable(pdf_problem(pdf)));
        QVERIFY(pdf.find("/F2 10 Tf <5934> Tj") != std::string::npos);  // 头
        QVERIFY(pdf.find("layer \\327 head") != std::string::npos);     // × is Latin-1
        QVERIFY(!has_non_finite(file) && !has_non_finite(pdf));
    }

    void raggedAndEmptyGridsStillGiveValidFiles() {
        HeatmapGrid empty;
        HeatmapGrid ragged;
        ragged.column_titles = {"head 1", "head 2", "head 3"};  // more titles than maps
        ragged.cells = {{diagonal_map(3, 3)}, {}, {Heatmap{}, diagonal_map(5, 2)}};
        for (const HeatmapGrid& grid : {empty, ragged}) {
            const std::string svg = heatmap_grid_svg(grid), pdf = heatmap_grid_pdf(grid);
            QVERIFY2(parse_svg(svg).error.isEmpty(), qPrintable(parse_svg(svg).error));
            QVERIFY2(pdf_problem(pdf).isEmpty(), qPrintable(pdf_problem(pdf)));
            QVERIFY(!has_non_finite(svg) && !has_non_finite(pdf));
        }
        const Svg svg = parse_svg(heatmap_grid_svg(ragged));
        QVERIFY(svg.texts.contains("head 2") && !svg.texts.contains("head 3"));
    }
};

QTEST_APPLESS_MAIN(TestReportFigures)
#include "test_report_figures.moc"
