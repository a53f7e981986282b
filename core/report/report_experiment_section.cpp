// The experiment section: what was trained on what, with which model and schedule, and the
// sanity checks it passed before training.
#include <cmath>
#include <filesystem>
#include <sstream>

#include "core/compare/config_diff.h"
#include "core/compare/metrics_table.h"
#include "core/config/config_io.h"
#include "core/config/number_text.h"
#include "core/data/text_reader.h"
#include "core/data/tokenizer.h"
#include "core/io/phrase_json.h"
#include "core/report/report_sections.h"
#include "core/train/lr_schedule.h"

namespace tfw {
namespace {

// Lines of a plain or gzip-compressed text file; -1 when it cannot be read here.
int64_t count_lines(const std::string& path) {
    int64_t lines = 0;
    try {
        for_each_text_line(path, [&](std::string&&, int64_t, double) { return ++lines, true; });
    } catch (const std::exception&) {
        return -1;
    }
    return lines;
}

// The data files the experiment names: role, file, lines ("not found" where this machine lacks
// the file).
ReportTable data_table(const ReportText& t, const ReportRun& run) {
    const DataConfig& d = run.config.data;
    const std::pair<const char*, const std::string*> files[] = {
        {TFW_TR_NOOP("Report", "training source"), &d.train_src},
        {TFW_TR_NOOP("Report", "training target"), &d.train_tgt},
        {TFW_TR_NOOP("Report", "validation source"), &d.valid_src},
        {TFW_TR_NOOP("Report", "validation target"), &d.valid_tgt},
        {TFW_TR_NOOP("Report", "test source"), &d.test_src},
        {TFW_TR_NOOP("Report", "test target"), &d.test_tgt},
        {TFW_TR_NOOP("Report", "training text"), &d.train},
        {TFW_TR_NOOP("Report", "validation text"), &d.valid},
        {TFW_TR_NOOP("Report", "test text"), &d.test}};
    ReportTable table;
    table.header = {t(TFW_TR_NOOP("Report", "file")), t(TFW_TR_NOOP("Report", "path")),
                    t(TFW_TR_NOOP("Report", "lines"))};
    for (const auto& [role, path] : files) {
        if (path->empty()) continue;
        const int64_t lines = count_lines(resolve_data_path(run.config, *path));
        table.rows.push_back(
            {t(role), "`" + *path + "`",
             lines < 0 ? t(TFW_TR_NOOP("Report", "not found")) : grouped_integer(lines)});
    }
    return table;
}

// The settings of a section ("model.") that differ from a new experiment's defaults.
std::vector<std::vector<std::string>> changed_settings(const ReportRun& run,
                                                       const std::string& prefix) {
    const auto defaults = flatten_config(to_json(ExperimentConfig{}));
    std::vector<std::vector<std::string>> rows;
    for (const auto& [key, value] : flatten_config(to_json(run.config))) {
        if (key.rfind(prefix, 0) != 0) continue;
        bool same = false;
        for (const auto& [default_key, default_value] : defaults)
            if (default_key == key) same = default_value == value;
        if (!same) rows.push_back({"`" + key + "`", config_value_text(value)});
    }
    return rows;
}

// Subword pieces per whitespace-separated word of the first validation lines.
double pieces_per_word(const ReportRun& run, const Translator* translator) {
    if (!translator) return NAN;
    const DataConfig& d = run.config.data;
    const std::string file =
        resolve_data_path(run.config, run.config.is_lm() ? d.valid : d.valid_src);
    if (!std::filesystem::is_regular_file(file)) return NAN;
    const Tokenizer& tokenizer = *translator->model().src_tokenizer;
    int64_t words = 0, pieces = 0;
    for_each_text_line(file, [&](std::string&& line, int64_t number, double) {
        std::istringstream split(line);
        for (std::string word; split >> word;) ++words;
        pieces += static_cast<int64_t>(tokenizer.encode(line).size());
        return number < 2000;
    });
    return words ? static_cast<double>(pieces) / static_cast<double>(words) : NAN;
}

ReportTable tokenizer_table(const ReportText& t, const ReportRun& run,
                            const Translator* translator) {
    const auto json = to_json(run.config);
    ReportTable table;
    table.header = {t(TFW_TR_NOOP("Report", "setting")), t(TFW_TR_NOOP("Report", "value"))};
    table.rows.push_back({"`tokenizer.type`", json["tokenizer"]["type"].get<std::string>()});
    if (run.config.tokenizer.type == TokenizerType::SentencePiece)
        table.rows.push_back(
            {"`tokenizer.model_type`", config_value_text(json["tokenizer"]["model_type"])});
    table.rows.push_back(
        {t(TFW_TR_NOOP("Report", "vocabulary (source)")), grouped_integer(run.item.src_vocab)});
    if (!run.config.is_lm())
        table.rows.push_back(
            {t(TFW_TR_NOOP("Report", "vocabulary (target)")), grouped_integer(run.item.tgt_vocab)});
    table.rows.push_back({"`tokenizer.shared`", run.config.tokenizer.shared ? "true" : "false"});
    table.rows.push_back(
        {"`tokenizer.lowercase`", run.config.tokenizer.lowercase ? "true" : "false"});
    const double ratio = pieces_per_word(run, translator);
    table.rows.push_back(
        {t(TFW_TR_NOOP("Report", "pieces per word (validation)")),
         std::isnan(ratio) ? t(TFW_TR_NOOP("Report", "not measured")) : fixed(ratio, 2)});
    return table;
}

// The schedule over the steps the run planned; a cosine that follows the clock
// (train.max_minutes) over the steps the run trained, since those are where the time ran out.
ReportFigure schedule_figure(const ReportText& t, const ReportRun& run) {
    const bool clock = schedule_follows_clock(run.config.train);
    const int64_t last = std::max<int64_t>(
        {clock ? run.status.step : std::max(run.status.planned_steps, run.status.step), 1});
    ChartSeries series;
    for (int i = 0; i <= 200; ++i) {
        const int64_t step = last * i / 200;
        series.x.push_back(static_cast<double>(step));
        series.y.push_back(learning_rate_at(run.config, step,
                                            static_cast<double>(step) / static_cast<double>(last)));
    }
    LineChart chart;
    chart.x_label = t(TFW_TR_NOOP("Report", "step"));
    chart.y_label = t(TFW_TR_NOOP("Report", "learning rate"));
    chart.series.push_back(series);
    ReportFigure figure;
    figure.name = "schedule";
    const std::string schedule = config_value_text(to_json(run.config)["train"]["schedule"]);
    figure.caption =
        clock
            ? t(TFW_TR_NOOP("Report",
                            "Learning-rate schedule (`train.schedule` = %1) over the %2 steps "
                            "trained: it decays with the time budget (`train.max_minutes`)."),
                {schedule, grouped_integer(last)})
            : t(TFW_TR_NOOP("Report",
                            "Learning-rate schedule over the %1 planned steps (`train.schedule` = "
                            "%2)."),
                {grouped_integer(last), schedule});
    figure.drawing = chart;
    return figure;
}

ReportTable checks_table(const ReportText& t, const nlohmann::json& checks) {
    ReportTable table;
    table.header = {t(TFW_TR_NOOP("Report", "check")), t(TFW_TR_NOOP("Report", "result")),
                    t(TFW_TR_NOOP("Report", "measured"))};
    for (const auto& check : checks.value("checks", nlohmann::json::array())) {
        const std::string status = check.value("status", "");
        const std::string result = status == "pass"   ? t(TFW_TR_NOOP("Report", "passed"))
                                   : status == "warn" ? t(TFW_TR_NOOP("Report", "warning"))
                                   : status == "fail" ? t(TFW_TR_NOOP("Report", "failed"))
                                                      : t(TFW_TR_NOOP("Report", "skipped"));
        table.rows.push_back({t.phrase(Phrase("Check", check.value("title", ""))), result,
                              t.phrase(get_phrase(check, "figure"))});
    }
    return table;
}

}  // namespace

void add_experiment_section(ReportDocument& doc, const ReportText& t, const ReportRun& run,
                            const Translator* translator) {
    doc.heading(t(TFW_TR_NOOP("Report", "Experiment")));
    doc.paragraph(t(TFW_TR_NOOP("Report", "Task: %1. Run `%2`: %3."),
                    {task_text(t, run.config.task), run.label(), t.phrase(run.status.message)}));

    doc.heading(t(TFW_TR_NOOP("Report", "Data")), 3);
    if (run.config.data.synthetic == Synthetic::Reverse) {
        doc.paragraph(t(TFW_TR_NOOP("Report",
                                    "The built-in reverse task (no files): 20,000 training, 500 "
                                    "validation and 500 test sequences of 3 to 12 words, "
                                    "generated from `train.seed`, each to be written back to "
                                    "front.")));
    } else {
        if (!run.config.data.dir.empty())
            doc.paragraph(t(TFW_TR_NOOP("Report", "Files below `%1`."), {run.config.data.dir}));
        doc.table(data_table(t, run));
    }

    doc.heading(t(TFW_TR_NOOP("Report", "Tokenizer")), 3);
    doc.table(tokenizer_table(t, run, translator));

    doc.heading(t(TFW_TR_NOOP("Report", "Model")), 3);
    ReportTable model;
    model.header = {t(TFW_TR_NOOP("Report", "setting")), t(TFW_TR_NOOP("Report", "value"))};
    model.rows = changed_settings(run, "model.");
    model.rows.push_back(
        {t(TFW_TR_NOOP("Report", "parameters")), grouped_integer(run.item.parameters)});
    model.note =
        t(TFW_TR_NOOP("Report",
                      "Settings that differ from a new experiment's defaults; the rest are as "
                      "documented in docs/configuration.md."));
    doc.table(model);

    doc.heading(t(TFW_TR_NOOP("Report", "Training")), 3);
    ReportTable training;
    training.header = {t(TFW_TR_NOOP("Report", "setting")), t(TFW_TR_NOOP("Report", "value"))};
    training.rows = changed_settings(run, "train.");
    training.rows.push_back(
        {t(TFW_TR_NOOP("Report", "steps trained")), grouped_integer(run.status.step)});
    training.rows.push_back(
        {t(TFW_TR_NOOP("Report", "target tokens seen")), grouped_integer(run.item.tokens_seen)});
    training.rows.push_back(
        {t(TFW_TR_NOOP("Report", "training time")), duration_text(run.status.elapsed_s)});
    if (!run.device.empty())
        training.rows.push_back({t(TFW_TR_NOOP("Report", "device")), run.device});
    if (!run.precision.empty())
        training.rows.push_back({t(TFW_TR_NOOP("Report", "precision")), run.precision});
    training.rows.push_back({t(TFW_TR_NOOP("Report", "versions")),
                             run.versions.is_object()
                                 ? "tfw " + run.versions.value("tfw", "?") + ", LibTorch " +
                                       run.versions.value("libtorch", "?")
                                 : t(TFW_TR_NOOP("Report", "unknown (no readable checkpoint)"))});
    doc.table(training);
    doc.figure(schedule_figure(t, run));

    doc.heading(t(TFW_TR_NOOP("Report", "Sanity checks before training")), 3);
    if (run.checks.is_object())
        doc.table(checks_table(t, run.checks));
    else
        doc.paragraph(
            t(TFW_TR_NOOP("Report", "The run kept no sanity checks (checks.json is missing).")));
}

std::string number(double value, int decimals) {
    return std::isnan(value) ? "-" : fixed(value, decimals);
}

std::string task_text(const ReportText& t, Task task) {
    switch (task) {
        case Task::Translation:
            return t(TFW_TR_NOOP("Report", "machine translation"));
        case Task::Summarization:
            return t(TFW_TR_NOOP("Report", "summarization"));
        case Task::LanguageModel:
            break;
    }
    return t(TFW_TR_NOOP("Report", "language modelling"));
}

}  // namespace tfw
