#pragma once
// Plain values passed between the inference worker (which owns the model) and the pane:
// what to decode, and what came out, attention included, already as Qt data.

#include <QMetaType>
#include <QString>
#include <QStringList>
#include <QVector>
#include <vector>

#include "core/config/experiment_config.h"
#include "core/decode/decode_options.h"
#include "core/decode/translator.h"
#include "ui/common/attention_set.h"
#include "ui/common/file_stamp.h"
#include "ui/common/task_title.h"

namespace tfw {

struct CheckpointInfo {
    QString path;
    FileStamp stamp;  // the file as it was when loaded: a newer one is loaded again
    Task task = Task::Translation;
    int encoderLayers = 0, decoderLayers = 0, heads = 0;
    QString positions;       // model.positional: "sinusoidal", "rope", "alibi", ...
    DecodeOptions defaults;  // from the checkpoint's decode section
    QString description;     // "translation · 6+6 layers × 8 heads · d_model 512 · step 12000"
};

struct InferenceRequest {
    QString source;
    QString reference;  // empty: no score
    DecodeOptions options;
    std::vector<HeadSelection> masked;
};

struct InferenceOutput {
    QString text;
    QStringList pieces;
    double score = 0, normalized = 0;
    bool finished = false;
    double metric = -1;    // sentence BLEU (0-100) or ROUGE-L F (0-100); -1 without reference
    QString metricDetail;  // e.g. "ROUGE-1 41.2 · ROUGE-2 20.3 · ROUGE-L 38.0"
    AttentionSet attention;
};

struct InferenceResult {
    QStringList inputPieces;
    int unknownWords = 0, inputWords = 0;  // words of the input with an <unk> piece, all words
    QVector<InferenceOutput> outputs;      // best first
    QString metricName;                    // "BLEU", "ROUGE-L" or empty
    double seconds = 0;
    bool cancelled = false;
    std::vector<HeadSelection> masked;  // the heads that were off, as the translator had them
};

// Registers the types above for queued signals; call once before the worker starts.
void registerInferenceTypes();

}  // namespace tfw

Q_DECLARE_METATYPE(tfw::CheckpointInfo)
Q_DECLARE_METATYPE(tfw::InferenceRequest)
Q_DECLARE_METATYPE(tfw::InferenceResult)
