// Reproduce: the commands, the configuration beside the report, data checksums, seeds,
// versions, and the papers and tools to cite (references.bib).
#include <filesystem>
#include <set>

#include "core/config/config_io.h"
#include "core/config/number_text.h"
#include "core/fetch/dataset_catalog.h"
#include "core/fetch/sha256.h"
#include "core/report/report_bibliography.h"
#include "core/report/report_sections.h"

namespace tfw {
namespace {

std::string budget_option(const SweepBudget& budget) {
    const std::string amount = general_number(budget.amount);
    switch (budget.kind) {
        case BudgetKind::Steps:
            return "steps=" + amount;
        case BudgetKind::Tokens:
            return "tokens=" + amount;
        case BudgetKind::Minutes:
            return "minutes=" + amount;
        case BudgetKind::Unlimited:
            break;
    }
    return "none";
}

// Evaluates the checkpoint of the run trained again (in the folder named by --run-dir) as `e`
// was evaluated.
std::string eval_command(const ReportRun& run, const Evaluation& e) {
    const std::string checkpoint =
        run.label() + "/checkpoints/" + std::filesystem::path(e.checkpoint).filename().string();
    std::string command = "tfw eval --checkpoint " + checkpoint + " \\\n    ";
    if (e.split == "custom")
        command += "--src " + e.src_file + (e.ref_file.empty() ? "" : " --ref " + e.ref_file);
    else
        command += "--split " + e.split;
    command += " --save";
    if (e.decode.beam > 1)
        command += " --beam " + std::to_string(e.decode.beam) + " --lenpen " +
                   general_number(e.decode.lenpen);
    return command;
}

// The data files of an experiment with the SHA-256 of their text, for the checksum table.
void add_checksums(ReportTable& table, const ReportText& t, const ExperimentConfig& config,
                   std::set<std::string>& seen) {
    const DataConfig& d = config.data;
    for (const std::string* path : {&d.train_src, &d.train_tgt, &d.valid_src, &d.valid_tgt,
                                    &d.test_src, &d.test_tgt, &d.train, &d.valid, &d.test}) {
        if (path->empty() || !seen.insert(*path).second) continue;
        const std::string file = resolve_data_path(config, *path);
        std::string sum = t(TFW_TR_NOOP("Report", "not found on this machine"));
        if (std::filesystem::is_regular_file(file)) {
            try {
                sum = "`" + text_sha256(file) + "`";
            } catch (const std::exception& e) {
                sum = e.what();
            }
        }
        table.rows.push_back({"`" + *path + "`", sum});
    }
}

// config.json for one run; config-RUN.json for each of several.
std::string config_file_name(const Runs& runs, const ReportRun& run) {
    return runs.size() == 1 ? "config.json" : "config-" + run.label() + ".json";
}

}  // namespace

void add_reproduce_section(ReportDocument& doc, const ReportText& t, const Runs& runs,
                           const SweepState* sweep) {
    doc.heading(t(TFW_TR_NOOP("Report", "How to reproduce")));
    std::string commands;
    if (sweep) {
        doc.attachments.push_back({"sweep-base.json", sweep->spec.base.dump(2) + "\n"});
        commands = "tfw sweep --config sweep-base.json";
        for (const SweepAxis& axis : sweep->spec.axes) {
            std::string values;
            for (const std::string& value : axis.values)
                values += (values.empty() ? "" : ",") + value;
            commands += " \\\n    --vary " + axis.key + "=" + values;
        }
        std::string seeds;
        for (const int seed : sweep->spec.seeds)
            seeds += (seeds.empty() ? "" : ",") + std::to_string(seed);
        if (!seeds.empty()) commands += " \\\n    --seeds " + seeds;
        commands += std::string(" \\\n    --design ") + sweep_design_name(sweep->spec.design) +
                    " --budget " + budget_option(sweep->spec.budget) + " --out " + sweep->name +
                    "\n";
        doc.paragraph(t(
            TFW_TR_NOOP("Report",
                        "The sweep's base experiment is `sweep-base.json` beside this report; this "
                        "command trains every variant and seed again and prints the table:")));
    } else {
        for (const ReportRun* run : runs) {
            const std::string file = config_file_name(runs, *run);
            doc.attachments.push_back({file, run->item.config.dump(2) + "\n"});
            commands += "tfw train --config " + file + " --run-dir " + run->label() + "\n";
            for (const Evaluation* e : run->latest_evaluations())
                commands += eval_command(*run, *e) + "\n";
        }
        doc.paragraph(
            t(TFW_TR_NOOP("Report",
                          "The configuration is beside this report (%1); these commands train and "
                          "evaluate again (the seed is in the configuration, `train.seed`):"),
              {runs.size() == 1 ? "`config.json`"
                                : t(TFW_TR_NOOP("Report", "one `config-RUN.json` per run"))}));
    }
    doc.code(commands);

    ReportTable seeds;
    seeds.header = {t(TFW_TR_NOOP("Report", "run")), "`train.seed`",
                    t(TFW_TR_NOOP("Report", "versions"))};
    for (const ReportRun* run : runs)
        seeds.rows.push_back({run->label(), std::to_string(run->config.train.seed),
                              run->versions.is_object()
                                  ? "tfw " + run->versions.value("tfw", "?") + ", LibTorch " +
                                        run->versions.value("libtorch", "?")
                                  : t(TFW_TR_NOOP("Report", "unknown"))});
    if (runs.size() <= 12) doc.table(seeds);

    ReportTable checksums;
    checksums.header = {t(TFW_TR_NOOP("Report", "data file")),
                        t(TFW_TR_NOOP("Report", "SHA-256 of its text"))};
    std::set<std::string> seen;
    if (sweep)
        add_checksums(checksums, t, config_from_json(sweep->spec.base), seen);
    else
        for (const ReportRun* run : runs) add_checksums(checksums, t, run->config, seen);
    if (!checksums.rows.empty()) {
        checksums.note =
            t(TFW_TR_NOOP("Report",
                          "Of the text after decompression (`sha256sum` of the file, or of "
                          "`zcat FILE` for a .gz file)."));
        doc.table(checksums);
    }

    const Bibliography bibliography = report_bibliography(runs);
    doc.attachments.push_back({"references.bib", bibliography.bibtex});
    doc.paragraph(t(TFW_TR_NOOP(
        "Report", "`references.bib` beside this report holds the papers and tools to cite:")));
    doc.bullets(bibliography.items);
}

}  // namespace tfw
