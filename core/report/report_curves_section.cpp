// Training curves: loss, perplexity, learning rate and the validation metric over the steps.
#include <cmath>

#include "core/metrics/metric_registry.h"
#include "core/report/report_sections.h"

namespace tfw {
namespace {

using StepValue = double (*)(const StepReport&);
using ValidValue = double (*)(const ValidationReport&);

ChartSeries step_series(const RunHistory& history, StepValue value, const std::string& label) {
    ChartSeries series;
    series.label = label;
    for (const StepReport& report : history.steps) {
        series.x.push_back(static_cast<double>(report.step));
        series.y.push_back(value(report));
    }
    return series;
}

ChartSeries valid_series(const RunHistory& history, ValidValue value, const std::string& label) {
    ChartSeries series = {label, {}, {}, {}, true};
    for (const ValidationReport& report : history.validations) {
        series.x.push_back(static_cast<double>(report.step));
        series.y.push_back(value(report));
    }
    return series;
}

// "train" for one run, "RUN train" when runs are overlaid.
std::string series_label(const ReportText& t, const Runs& runs, const ReportRun& run,
                         const char* what) {
    return runs.size() == 1 ? t(what) : run.label() + " " + t(what);
}

ReportFigure figure(const std::string& name, const std::string& caption, LineChart chart) {
    ReportFigure f;
    f.name = name;
    f.caption = caption;
    f.drawing = std::move(chart);
    return f;
}

}  // namespace

void add_curves_section(ReportDocument& doc, const ReportText& t, const Runs& runs) {
    doc.heading(t(TFW_TR_NOOP("Report", "Training curves")));
    LineChart loss, perplexity, lr, metric;
    loss.x_label = perplexity.x_label = lr.x_label = metric.x_label =
        t(TFW_TR_NOOP("Report", "step"));
    loss.y_label = t(TFW_TR_NOOP("Report", "loss (nats per target token)"));
    perplexity.y_label = t(TFW_TR_NOOP("Report", "perplexity (log scale)"));
    perplexity.log_y = true;
    lr.y_label = t(TFW_TR_NOOP("Report", "learning rate"));
    std::string score_key;
    for (const ReportRun* run : runs) {
        const RunHistory& h = run->item.history;
        loss.series.push_back(step_series(
            h, [](const StepReport& r) { return r.train_nll; },
            series_label(t, runs, *run, TFW_TR_NOOP("Report", "train"))));
        loss.series.push_back(valid_series(
            h, [](const ValidationReport& r) { return r.loss; },
            series_label(t, runs, *run, TFW_TR_NOOP("Report", "validation"))));
        perplexity.series.push_back(step_series(
            h, [](const StepReport& r) { return std::exp(r.train_nll); },
            series_label(t, runs, *run, TFW_TR_NOOP("Report", "train"))));
        perplexity.series.push_back(valid_series(
            h, [](const ValidationReport& r) { return r.perplexity; },
            series_label(t, runs, *run, TFW_TR_NOOP("Report", "validation"))));
        ChartSeries rate = step_series(
            h, [](const StepReport& r) { return r.lr; }, runs.size() == 1 ? "" : run->label());
        lr.series.push_back(rate);
        for (const ValidationReport& v : h.validations)
            if (!v.score_key.empty()) score_key = v.score_key;
    }
    doc.figure(figure(
        "curves-loss",
        t(TFW_TR_NOOP("Report",
                      "Loss per target token: training (solid, without label smoothing, the mean "
                      "since the previous report) and validation (dashed).")),
        loss));
    doc.figure(figure(
        "curves-perplexity",
        t(TFW_TR_NOOP("Report",
                      "Perplexity = exp(loss), on a log scale: training (solid) and validation "
                      "(dashed).")),
        perplexity));
    doc.figure(
        figure("curves-lr", t(TFW_TR_NOOP("Report", "Learning rate at each reported step.")), lr));

    const MetricInfo* info = score_key.empty() ? nullptr : find_metric(score_key);
    metric.y_label = info ? info->name : t(TFW_TR_NOOP("Report", "token accuracy (%)"));
    for (const ReportRun* run : runs) {
        ChartSeries series = valid_series(
            run->item.history,
            info ? ValidValue([](const ValidationReport& r) {
                return r.score_key.empty() ? NAN : r.score;
            })
                 : ValidValue([](const ValidationReport& r) { return 100 * r.accuracy; }),
            runs.size() == 1 ? "" : run->label());
        series.dashed = false;
        metric.series.push_back(series);
    }
    doc.figure(figure(
        "curves-metric",
        info ? t(TFW_TR_NOOP("Report",
                             "%1 of the validation set decoded greedily at each validation."),
                 {info->name})
             : t(TFW_TR_NOOP("Report",
                             "Share of validation target tokens predicted exactly (teacher "
                             "forcing) at each validation.")),
        metric));
}

void add_sweep_curves(ReportDocument& doc, const ReportText& t, const SweepReport& sweep) {
    doc.heading(t(TFW_TR_NOOP("Report", "Training curves")));
    LineChart chart;
    chart.x_label = t(TFW_TR_NOOP("Report", "step"));
    chart.y_label = t(TFW_TR_NOOP("Report", "validation loss (nats per target token)"));
    for (const CurveBand& band : validation_curves(sweep)) {
        ChartSeries series;
        series.label = band.label;
        for (size_t i = 0; i < band.steps.size(); ++i) {
            series.x.push_back(static_cast<double>(band.steps[i]));
            series.y.push_back(band.mean[i]);
            series.band.push_back(std::isnan(band.std[i]) ? 0 : band.std[i]);
        }
        chart.series.push_back(series);
    }
    doc.figure(figure(
        "sweep-validation-loss",
        t(TFW_TR_NOOP("Report",
                      "Validation loss of each variant: the mean over its seeds, the band ±1 "
                      "standard deviation.")),
        chart));
}

}  // namespace tfw
