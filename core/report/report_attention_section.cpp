// Attention figures: the probe's layer × head grid (cross-attention for translation and
// summarization, self-attention for a language model), its two most focused heads enlarged,
// and how one head formed over training where the run kept attention snapshots.
#include <algorithm>
#include <cmath>
#include <fstream>
#include <numeric>

#include "core/config/config_io.h"
#include "core/decode/translator.h"
#include "core/report/report_sections.h"
#include "core/train/attention_snapshots.h"

namespace tfw {
namespace {

struct HeadIndex {
    size_t layer = 0, head = 0;
    double entropy = 0;  // mean over the rows, nats
};

// Heads from the most focused (lowest mean row entropy) to the most spread.
std::vector<HeadIndex> heads_by_focus(const LabelledAttentionStack& stack) {
    std::vector<HeadIndex> heads;
    for (size_t l = 0; l < stack.weights.size(); ++l)
        for (size_t h = 0; h < stack.weights[l].size(); ++h) {
            double sum = 0;
            for (const float w : stack.weights[l][h])
                if (w > 0) sum -= static_cast<double>(w) * std::log(static_cast<double>(w));
            heads.push_back({l, h, stack.rows ? sum / stack.rows : 0});
        }
    std::stable_sort(heads.begin(), heads.end(),
                     [](const HeadIndex& a, const HeadIndex& b) { return a.entropy < b.entropy; });
    return heads;
}

Heatmap head_map(const LabelledAttentionStack& stack, size_t layer, size_t head, bool labels) {
    Heatmap map;
    map.rows = stack.rows;
    map.columns = stack.columns;
    map.weights = stack.weights[layer][head];
    if (labels) {
        map.row_labels = stack.row_labels;
        map.column_labels = stack.column_labels;
    }
    return map;
}

HeatmapGrid layer_head_grid(const ReportText& t, const LabelledAttentionStack& stack) {
    HeatmapGrid grid;
    for (size_t l = 0; l < stack.weights.size(); ++l) {
        grid.row_titles.push_back(t(TFW_TR_NOOP("Report", "layer %1"), {std::to_string(l + 1)}));
        grid.cells.emplace_back();
        for (size_t h = 0; h < stack.weights[l].size(); ++h)
            grid.cells.back().push_back(head_map(stack, l, h, false));
    }
    for (size_t h = 0; h < (stack.weights.empty() ? 0 : stack.weights[0].size()); ++h)
        grid.column_titles.push_back(t(TFW_TR_NOOP("Report", "head %1"), {std::to_string(h + 1)}));
    return grid;
}

std::string first_line(const std::string& path) {
    std::ifstream in(path);
    std::string line;
    std::getline(in, line);
    return line;
}

// The probe the run watched during training, else its first validation input (a language
// model's first dozen words: a prompt).
std::string default_probe(const ReportRun& run) {
    try {
        const auto entries = read_snapshot_index(run.dir);
        if (!entries.empty() && !entries.front().inputs.empty())
            return entries.front().inputs.front();
    } catch (const std::exception&) {
    }
    const DataConfig& d = run.config.data;
    std::string line =
        first_line(resolve_data_path(run.config, run.config.is_lm() ? d.valid : d.valid_src));
    if (run.config.is_lm()) {
        std::istringstream words(line);
        line.clear();
        std::string word;
        for (int i = 0; i < 12 && words >> word; ++i) line += (i ? " " : "") + word;
    }
    return line;
}

// Up to six snapshots spread over the training: the head's map at each.
void add_strip(ReportDocument& doc, const ReportText& t, const ReportRun& run, AttentionStack which,
               const HeadIndex& head) {
    std::vector<SnapshotEntry> entries;
    try {
        entries = read_snapshot_index(run.dir);
    } catch (const std::exception&) {
        return;
    }
    if (entries.size() < 2) return;
    const size_t shown = std::min<size_t>(6, entries.size());
    HeatmapGrid strip;
    strip.row_titles.push_back("");
    strip.cells.emplace_back();
    std::string input;
    for (size_t i = 0; i < shown; ++i) {
        const size_t index = i * (entries.size() - 1) / (shown - 1);
        const AttentionSnapshot snapshot = read_attention_snapshot(run.dir, entries[index].step);
        if (snapshot.probes.empty()) return;
        const LabelledAttentionStack& stack = snapshot.probes.front().attention.of(which);
        if (head.layer >= stack.weights.size() || head.head >= stack.weights[head.layer].size())
            return;
        input = snapshot.probes.front().input;
        strip.column_titles.push_back(
            t(TFW_TR_NOOP("Report", "step %1"), {std::to_string(snapshot.step)}));
        strip.cells.back().push_back(head_map(stack, head.layer, head.head, false));
    }
    ReportFigure figure;
    figure.name = "attention-over-training";
    figure.caption =
        t(TFW_TR_NOOP("Report",
                      "Layer %1, head %2 over training on the run's probe \"%3\" (%4 snapshots "
                      "kept, %5 shown)."),
          {std::to_string(head.layer + 1), std::to_string(head.head + 1), input,
           std::to_string(entries.size()), std::to_string(shown)});
    figure.drawing = strip;
    doc.figure(figure);
}

}  // namespace

void add_attention_section(ReportDocument& doc, const ReportText& t, const ReportRun& run,
                           Translator* translator, const std::string& probe_text) {
    doc.heading(t(TFW_TR_NOOP("Report", "Attention")));
    if (!translator) {
        doc.paragraph(
            t(TFW_TR_NOOP("Report", "The run has no checkpoint to decode the probe with.")));
        return;
    }
    const std::string probe = probe_text.empty() ? default_probe(run) : probe_text;
    DecodeOptions options = decode_options_from(run.config.decode);
    options.attention = true;
    options.sample = false;
    options.nbest = 1;
    if (run.config.is_lm()) options.max_len_b = std::min(options.max_len_b, 12);
    const auto outputs = translator->translate({probe}, options);
    if (outputs.empty() || outputs.front().empty()) {
        doc.paragraph(t(TFW_TR_NOOP("Report", "The probe gave no output.")));
        return;
    }
    const TranslationOutput& best = outputs.front().front();
    const LoadedModel& model = translator->model();
    const LabelledAttention attention =
        label_attention(best.hypothesis, translator->encode_input(probe), *model.src_tokenizer,
                        *model.tgt_tokenizer, run.config.is_lm());
    const AttentionStack which =
        run.config.is_lm() ? AttentionStack::DecoderSelf : AttentionStack::Cross;
    const LabelledAttentionStack& stack = attention.of(which);
    if (stack.empty()) return;

    doc.paragraph(
        run.config.is_lm()
            ? t(TFW_TR_NOOP("Report", "Probe (prompt): \"%1\"; the model continued: \"%2\"."),
                {probe, best.text})
            : t(TFW_TR_NOOP("Report", "Probe: \"%1\"; the model's output: \"%2\"."),
                {probe, best.text}));
    ReportFigure grid;
    grid.name = "attention-grid";
    grid.caption =
        run.config.is_lm()
            ? t(TFW_TR_NOOP(
                  "Report",
                  "Self-attention of every layer (rows) and head (columns): each map's "
                  "rows are the generated positions, its columns the tokens attended to."))
            : t(TFW_TR_NOOP("Report",
                            "Cross-attention of every layer (rows) and head (columns): each map's "
                            "rows are output tokens, its columns source tokens."));
    grid.drawing = layer_head_grid(t, stack);
    doc.figure(grid);

    const auto heads = heads_by_focus(stack);
    for (size_t i = 0; i < std::min<size_t>(2, heads.size()); ++i) {
        ReportFigure enlarged;
        enlarged.name = "attention-head-" + std::to_string(i + 1);
        enlarged.caption =
            t(TFW_TR_NOOP("Report",
                          "Layer %1, head %2, the %3 focused head (mean row entropy %4 nats)."),
              {std::to_string(heads[i].layer + 1), std::to_string(heads[i].head + 1),
               i == 0 ? t(TFW_TR_NOOP("Report", "most")) : t(TFW_TR_NOOP("Report", "second most")),
               number(heads[i].entropy, 2)});
        enlarged.drawing = head_map(stack, heads[i].layer, heads[i].head, true);
        doc.figure(enlarged);
    }
    add_strip(doc, t, run, which, heads.front());
}

}  // namespace tfw
