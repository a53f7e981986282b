#include "core/compare/side_by_side.h"

#include <chrono>
#include <cmath>
#include <stdexcept>

#include "core/config/number_text.h"
#include "core/config/translatable.h"
#include "core/decode/forced_score.h"
#include "core/decode/translator.h"

namespace tfw {
namespace {

bool is_lm(const Translator& translator) {
    return translator.model().checkpoint.config.is_lm();
}

std::string trimmed(const std::string& text) {
    const size_t first = text.find_first_not_of(" \t\r\n");
    if (first == std::string::npos) return {};
    return text.substr(first, text.find_last_not_of(" \t\r\n") - first + 1);
}

ComparedOutput best_output(Translator& translator, const std::string& input,
                           const DecodeOptions& options) {
    const auto started = std::chrono::steady_clock::now();
    const auto decoded = translator.translate({input}, options);
    ComparedOutput out;
    const LoadedModel& loaded = translator.model();
    const ModelOptions& o = loaded.model->options();
    out.task = loaded.checkpoint.config.task;
    out.encoder_layers = o.is_lm() ? 0 : int(o.encoder_layers);
    out.decoder_layers = int(o.decoder_layers);
    out.heads = int(o.heads);
    out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    if (decoded.front().empty()) return out;
    const TranslationOutput& best = decoded.front().front();
    out.text = best.text;
    out.pieces = best.pieces;
    out.token_log_probs = best.hypothesis.token_log_probs;
    out.score = best.hypothesis.score;
    out.normalized = best.hypothesis.normalized;
    out.finished = best.hypothesis.finished;
    out.attention = label_attention(best.hypothesis, translator.encode_input(input),
                                    *loaded.src_tokenizer, *loaded.tgt_tokenizer, o.is_lm());
    return out;
}

// `title` is marked TFW_TR_NOOP("ComparisonTable", ...) where it is written, or verbatim.
ComparisonRow numeric_row(const Phrase& title, const std::vector<double>& values, int decimals,
                          Better better) {
    ComparisonRow row;
    row.label = title.text();
    row.title = title;
    row.values = values;
    row.better = better;
    for (double v : values) row.cells.push_back(fixed(v, decimals));
    return row;
}

}  // namespace

ComparisonTable side_by_side_outputs_table(const SideBySide& decoded,
                                           const std::vector<std::string>& names) {
    ComparisonTable table{"", names, {}, {}};
    ComparisonRow text;
    text.title = comparison_row_name(TFW_TR_NOOP("ComparisonTable", "output"));
    text.label = text.title.text();
    std::vector<double> score, normalized, tokens, seconds;
    for (const ComparedOutput& out : decoded.outputs) {
        text.cells.push_back(out.text + (out.finished ? "" : " …"));
        score.push_back(out.score);
        normalized.push_back(out.normalized);
        tokens.push_back(double(out.pieces.size()));
        seconds.push_back(out.seconds);
    }
    table.rows.push_back(text);
    table.rows.push_back(
        numeric_row(comparison_row_name(TFW_TR_NOOP("ComparisonTable", "log-probability")), score,
                    3, Better::None));
    table.rows.push_back(
        numeric_row(comparison_row_name(TFW_TR_NOOP("ComparisonTable", "normalized score")),
                    normalized, 3, Better::None));
    table.rows.push_back(numeric_row(comparison_row_name(TFW_TR_NOOP("ComparisonTable", "tokens")),
                                     tokens, 0, Better::None));
    table.rows.push_back(numeric_row(comparison_row_name(TFW_TR_NOOP("ComparisonTable", "seconds")),
                                     seconds, 3, Better::Lower));
    return table;
}

ComparisonTable cross_score_table(const SideBySide& decoded,
                                  const std::vector<std::string>& names) {
    // As the window shows it: a column per scoring checkpoint, a row per output.
    ComparisonTable table{"output \\ scored by", names, {}, {}};
    const auto row = [&](const std::string& label, size_t output) {
        std::vector<double> values;
        for (const auto& scores : decoded.cross) values.push_back(scores[output]);
        return numeric_row(verbatim(label), values, 3, Better::None);
    };
    for (size_t j = 0; j < decoded.outputs.size(); ++j) table.rows.push_back(row(names[j], j));
    if (!decoded.reference.empty())
        table.rows.push_back(
            numeric_row(comparison_row_name(TFW_TR_NOOP("ComparisonTable", "reference")),
                        decoded.reference, 3, Better::None));
    return table;
}

std::optional<std::pair<size_t, size_t>> mixed_language_models(
    const std::vector<Translator*>& translators) {
    for (size_t i = 1; i < translators.size(); ++i)
        if (is_lm(*translators.front()) != is_lm(*translators[i])) return std::make_pair(0, i);
    return std::nullopt;
}

std::optional<SideBySide> decode_side_by_side(const std::vector<Translator*>& translators,
                                              const std::string& input,
                                              const std::string& reference, DecodeOptions options,
                                              const SideBySideProgress& progress) {
    if (const auto mixed = mixed_language_models(translators))
        throw std::invalid_argument(
            "checkpoint " + std::to_string(mixed->first + 1) + " is a " +
            (is_lm(*translators[mixed->first]) ? "language model" : "translation model") +
            " and checkpoint " + std::to_string(mixed->second + 1) +
            " is not: one input cannot "
            "be decoded by both (a language model continues a prompt, the others read a source)");
    options.attention = true;
    options.nbest = 1;
    options.samples = 1;
    bool cancelled = false;
    SideBySide result;
    for (size_t i = 0; i < translators.size(); ++i) {
        translators[i]->set_masked_heads({});
        options.on_step = [&, i](int step, int max_steps) {
            if (progress && !progress(i, translators.size(), step, max_steps)) cancelled = true;
            return !cancelled;
        };
        result.outputs.push_back(best_output(*translators[i], input, options));
        if (cancelled) return std::nullopt;
    }
    // Every checkpoint reads every output (and the reference) as text.
    const std::string ref = trimmed(reference);
    for (Translator* translator : translators) {
        std::vector<double> row;
        for (const ComparedOutput& out : result.outputs)
            row.push_back(score_output(*translator, input, out.text).total);
        result.cross.push_back(std::move(row));
        if (!ref.empty()) result.reference.push_back(score_output(*translator, input, ref).total);
    }
    return result;
}

}  // namespace tfw
