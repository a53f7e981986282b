#pragma once
// The Inference area: pick a checkpoint (from the runs folder or a file), type a source
// sentence, an article or a prompt, choose how to decode, and see the outputs with their
// scores, the tokenizer pieces, the time taken, an optional sentence BLEU / ROUGE against a
// reference, and the attention of the chosen output (with head masking). Loading and
// decoding run on the inference thread; a decoding shows progress and can be cancelled.

#include <QString>
#include <QWidget>
#include <optional>

#include "ui/common/background_thread.h"
#include "ui/common/checkpoint_choices.h"
#include "ui/inference/inference_types.h"

class QComboBox;
class QLabel;
class QLayout;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QTableWidget;

namespace tfw {

class AttentionInspector;
class DecodeOptionsForm;
class InferenceRunner;
class PieceChips;

class InferencePane final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(InferencePane)

  public:
    explicit InferencePane(QWidget* parent = nullptr);

    // The runs whose checkpoints the checkpoint list offers; the list is read off the
    // window's thread and filled in when it arrives.
    void setRunsRoot(const QString& root);
    void refreshCheckpoints();

    // Loads the checkpoint on the inference thread; nothing happens when it is loaded already
    // and the file has not changed since (a resumed run rewrites best.tfw and last.tfw).
    void openCheckpoint(const QString& path);
    void setInput(const QString& source, const QString& reference = {});
    // Decodes with these options from now on, also after the checkpoint being loaded arrives
    // (instead of its experiment's decode section): e.g. the settings an evaluation used.
    void setDecodeOptions(const DecodeOptions& options);
    // Decodes the input with the form's options and the heads switched off in the inspector;
    // waits for a checkpoint being loaded, and loads the checkpoint again first when its file
    // changed. A decoding in progress is followed by another.
    void decode();
    // True when the loaded checkpoint's file is no longer the one that was loaded.
    bool checkpointChanged() const;
    void cancel();

    bool isBusy() const { return m_loading || m_decoding; }
    bool hasModel() const { return !m_info.path.isEmpty(); }
    const CheckpointInfo& checkpoint() const { return m_info; }
    const InferenceResult& lastResult() const { return m_result; }
    int selectedOutput() const;
    void selectOutput(int index);

    DecodeOptionsForm* optionsForm() const { return m_form; }
    AttentionInspector* inspector() const { return m_inspector; }
    QTableWidget* outputsTable() const { return m_outputs; }
    QComboBox* checkpointList() const { return m_checkpoints; }
    QLabel* modelLabel() const { return m_modelLabel; }
    // The warning above the outputs when most words of the input are unknown to the model.
    QLabel* unknownWordsWarning() const { return m_unknownWarning; }
    QPushButton* decodeButton() const { return m_decode; }

  Q_SIGNALS:
    void checkpointLoaded(const QString& path);
    void decodeFinished();
    // A load or decoding that failed, with the reason.
    void problem(const QString& message);
    void statusMessage(const QString& message);

  protected:
    void showEvent(QShowEvent* event) override;

  private:
    enum Column { Rank, Output, Score, Normalized, Metric, Count };

    // The widgets, group by group (inference_pane_layout.cpp).
    void connectRunner();
    void setUpInputControls();
    void setUpOutputs();
    QLayout* buildCheckpointRow();
    QWidget* buildInputColumn();
    QWidget* buildResultsColumn();
    void connectControls();

    void showChoices(const QList<CheckpointChoice>& choices);
    void chooseCheckpointFile();
    void startDecoding();
    void onLoaded(const CheckpointInfo& info);
    void onLoadFailed(const QString& path, const QString& message);
    void onProgress(int step, int maxSteps);
    void onDecoded(const InferenceResult& result);
    void onDecodeFailed(const QString& message);
    void showOutput(int index);
    void selectInList(const QString& path);
    void updateTaskLabels();
    void updateButtons();
    void finishDecoding();
    void fitOutputsHeight();
    void fitColumnWidths();
    void showUnknownWords(const InferenceResult& result);
    void reloadWhenChanged();

    QString m_runsRoot;
    CheckpointInfo m_info;
    QString m_loadingPath;
    InferenceResult m_result;
    bool m_loading = false;
    bool m_decoding = false;
    bool m_decodeQueued = false;
    std::optional<DecodeOptions> m_pendingOptions;  // for the checkpoint being loaded
    InferenceRunner* m_runner;  // a child: cancels and waits for its thread when the pane goes

    QComboBox* m_checkpoints;
    QPushButton* m_browse;
    QLabel* m_modelLabel;
    QLabel* m_sourceLabel;
    QPlainTextEdit* m_source;
    QLabel* m_referenceLabel;
    QPlainTextEdit* m_reference;
    DecodeOptionsForm* m_form;
    QPushButton* m_decode;
    QPushButton* m_cancelButton;
    QProgressBar* m_progress;
    PieceChips* m_inputPieces;
    QLabel* m_unknownWarning;
    QTableWidget* m_outputs;
    PieceChips* m_outputPieces;
    QLabel* m_timing;
    AttentionInspector* m_inspector;
    bool m_choicesStale = false;  // asked to read the list again while it was being read
    BackgroundThread m_choicesReader{this};
};

}  // namespace tfw
