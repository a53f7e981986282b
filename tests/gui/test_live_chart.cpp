// LiveChart and SchedulePreview: points arrive, smoothing matches TensorBoard, the view
// survives log scale and exports, and a million points redraw quickly.
#include <QElapsedTimer>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>

#include "widgets/live_chart.h"
#include "widgets/schedule_preview.h"
#include "widgets/smoothing.h"

using namespace tfw;

class TestLiveChart final : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void debiasedEmaStartsAtFirstValue() {
        const QVector<double> smoothed = debiasedEma({4.0, 2.0, 2.0}, 0.5);
        QCOMPARE(smoothed[0], 4.0);
        // last = 0.5 * 2 + 0.5 * 2 (it was 2 after the first value), debiased by 1 - 0.5^2
        QCOMPARE(smoothed[1], (0.5 * 2.0 + 0.5 * 2.0) / 0.75);
        QCOMPARE(debiasedEma({1.0, 5.0}, 0.0), (QVector<double>{1.0, 5.0}));
    }

    void nonFiniteValuesPassThrough() {
        const QVector<double> smoothed = debiasedEma({1.0, std::nan(""), 1.0}, 0.9);
        QVERIFY(std::isnan(smoothed[1]));
        QCOMPARE(smoothed[2], 1.0);
    }

    void appendsCountPerSeries() {
        LiveChart chart(QStringLiteral("loss"));
        chart.addSeries(QStringLiteral("train"));
        chart.addSeries(QStringLiteral("valid"), SeriesStyle::Points);
        for (int i = 1; i <= 50; ++i) chart.append(QStringLiteral("train"), i, 5.0 / i);
        chart.append(QStringLiteral("valid"), 50, 0.2);
        chart.append(QStringLiteral("unknown"), 1, 1);  // ignored
        QCOMPARE(chart.pointCount(QStringLiteral("train")), 50);
        QCOMPARE(chart.pointCount(QStringLiteral("valid")), 1);
        QCOMPARE(chart.seriesNames(),
                 (QStringList{QStringLiteral("train"), QStringLiteral("valid")}));
        chart.clear();
        QCOMPARE(chart.pointCount(QStringLiteral("train")), 0);
    }

    // A translated legend keeps the series' key: data still goes to "train".
    void aLabelRenamesTheLegendNotTheSeries() {
        LiveChart chart(QStringLiteral("loss"));
        chart.addSeries(QStringLiteral("train"));
        chart.addSeries(QStringLiteral("valid"), SeriesStyle::Points);
        chart.setSeriesLabel(QStringLiteral("train"), QStringLiteral("训练"));
        chart.append(QStringLiteral("train"), 1, 2.0);
        QCOMPARE(chart.pointCount(QStringLiteral("train")), 1);
        QCOMPARE(chart.seriesNames(),
                 (QStringList{QStringLiteral("train"), QStringLiteral("valid")}));
        QCOMPARE(chart.legendLabels(),
                 (QStringList{QStringLiteral("训练"), QStringLiteral("valid")}));
    }

    void smoothingLogScaleAndExport() {
        LiveChart chart(QStringLiteral("loss"));
        chart.resize(500, 300);
        chart.addSeries(QStringLiteral("train"));
        for (int i = 1; i <= 200; ++i)
            chart.append(QStringLiteral("train"), i, 3.0 / std::sqrt(i) + 0.1 * (i % 3));
        chart.setSmoothing(0.6);
        QCOMPARE(chart.smoothing(), 0.6);
        chart.setSmoothing(5.0);
        QCOMPARE(chart.smoothing(), 0.99);
        QSignalSpy logSpy(&chart, &LiveChart::logScaleChanged);
        chart.setLogScale(true);
        QCOMPARE(logSpy.count(), 1);
        QVERIFY(chart.logScale());
        chart.redrawNow();

        QTemporaryDir dir;
        for (const char* suffix : {"png", "pdf", "svg"}) {
            const QString path = dir.filePath(QStringLiteral("chart.") + QLatin1String(suffix));
            QVERIFY2(chart.exportImage(path), qPrintable(path));
            QVERIFY(QFileInfo(path).size() > 500);
        }
    }

    void coalescesRedrawsOnATimer() {
        LiveChart chart(QStringLiteral("loss"));
        chart.addSeries(QStringLiteral("train"));
        chart.show();
        for (int i = 0; i < 1000; ++i) chart.append(QStringLiteral("train"), i, i);
        // Nothing is drawn synchronously; the timer picks everything up at once.
        QTest::qWait(120);
        QCOMPARE(chart.pointCount(QStringLiteral("train")), 1000);
    }

    void millionPointsRedraw() {
        LiveChart chart(QStringLiteral("loss"));
        chart.resize(800, 400);
        chart.show();
        chart.addSeries(QStringLiteral("train"));
        chart.addSeries(QStringLiteral("valid"), SeriesStyle::Points);
        chart.setSmoothing(0.9);
        constexpr int n = 1000000;
        QVector<double> xs(n), ys(n);
        for (int i = 0; i < n; ++i) {
            xs[i] = i + 1;
            ys[i] = 2.0 + 8.0 / std::sqrt(i + 1.0) + 0.3 * std::sin(i * 0.37);
        }
        QElapsedTimer timer;
        timer.start();
        chart.append(QStringLiteral("train"), xs, ys);
        chart.redrawNow();
        const qint64 firstMs = timer.elapsed();

        // Steady state: one more batch of points, as during training.
        timer.restart();
        constexpr int rounds = 10;
        for (int r = 0; r < rounds; ++r) {
            chart.append(QStringLiteral("train"), n + r + 1, 2.0);
            chart.redrawNow();
        }
        const double steadyMs = double(timer.elapsed()) / rounds;
        qInfo(
            "1,000,000 points: first draw %lld ms (append + smoothing + draw), then %.1f ms "
            "per redraw",
            firstMs, steadyMs);
        QCOMPARE(chart.pointCount(QStringLiteral("train")), n + rounds);
    }

    void schedulePreviewShowsCurve() {
        SchedulePreview preview;
        preview.setSchedule({1, 2, 3}, {0.1, 0.2, 0.15}, QStringLiteral("peak 0.2"));
        QCOMPARE(preview.pointCount(), 3);
    }
};

QTEST_MAIN(TestLiveChart)
#include "test_live_chart.moc"
