#include "ui/tokens/tokenizer_chooser.h"

#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include "core/util/error_text.h"

namespace tfw {

TokenizerChooser::TokenizerChooser(const QString& title, bool optional, QWidget* parent)
    : QWidget(parent),
      m_origin(new QComboBox(this)),
      m_type(new QComboBox(this)),
      m_side(new QComboBox(this)),
      m_vocabSize(new QSpinBox(this)),
      m_corpusSettings(new QWidget(this)),
      m_load(new QPushButton(this)),
      m_cancel(new QPushButton(tr("Cancel"), this)),
      m_busy(new QProgressBar(this)),
      m_status(new QLabel(this)) {
    auto* box = new QGroupBox(title, this);
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(box);
    auto* layout = new QVBoxLayout(box);

    if (optional) m_origin->addItem(tr("None"), None);
    m_origin->addItem(tr("Experiment settings (train on its training text)"), Experiment);
    m_origin->addItem(tr("Run folder…"), RunFolder);
    m_origin->addItem(tr("Checkpoint file…"), CheckpointFile);
    m_origin->addItem(tr("Sentencepiece .model file…"), ModelFile);
    m_origin->addItem(tr("Train on a corpus…"), Corpus);
    auto* row = new QHBoxLayout;
    row->addWidget(m_origin, 1);
    row->addWidget(m_load);
    layout->addLayout(row);

    // The source side first: what a student types into a translation model.
    m_side->addItem(tr("Source side"), int(TokenizerSide::Source));
    m_side->addItem(tr("Target side"), int(TokenizerSide::Target));
    m_side->setToolTip(
        tr("Which tokenizer of a run or checkpoint with a vocabulary per side "
           "(tokenizer.shared off); with a shared one both are the same"));
    layout->addWidget(m_side);

    m_type->addItem(tr("BPE"));
    m_type->addItem(tr("Unigram"));
    m_type->addItem(tr("Word"));
    m_vocabSize->setRange(0, 1000000);
    m_vocabSize->setSingleStep(1000);
    m_vocabSize->setValue(8000);
    m_vocabSize->setToolTip(tr("Vocabulary size, the 4 reserved ids included (word: 0 = no cap)"));
    auto* settings = new QHBoxLayout(m_corpusSettings);
    settings->setContentsMargins(0, 0, 0, 0);
    settings->addWidget(new QLabel(tr("Type"), this));
    settings->addWidget(m_type);
    settings->addWidget(new QLabel(tr("Vocabulary"), this));
    settings->addWidget(m_vocabSize, 1);
    layout->addWidget(m_corpusSettings);

    auto* statusRow = new QHBoxLayout;
    m_busy->setRange(0, 0);  // training and loading report no fraction: a busy bar
    m_busy->setMaximumHeight(14);
    m_busy->setTextVisible(false);
    statusRow->addWidget(m_busy, 1);
    statusRow->addWidget(m_cancel);
    layout->addLayout(statusRow);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_status);
    setBusy(false, optional ? tr("No second tokenizer.") : tr("No tokenizer loaded."));

    connect(m_origin, &QComboBox::currentIndexChanged, this, &TokenizerChooser::onChoice);
    connect(m_load, &QPushButton::clicked, this, &TokenizerChooser::chooseAndLoad);
    connect(m_cancel, &QPushButton::clicked, this, &TokenizerChooser::cancel);
    connect(m_side, &QComboBox::currentIndexChanged, this, &TokenizerChooser::switchSide);
    onChoice();
}

void TokenizerChooser::setExperiment(const ExperimentConfig& config) {
    m_experiment = config;
}

void TokenizerChooser::setRun(const QString& runDir) {
    m_runDir = runDir;
    const int index = m_origin->findData(CurrentRun);
    if (runDir.isEmpty()) {
        if (index >= 0) m_origin->removeItem(index);
        return;
    }
    const QString text = tr("Run %1").arg(QFileInfo(runDir).fileName());
    if (index >= 0)
        m_origin->setItemText(index, text);
    else
        m_origin->insertItem(m_origin->findData(Experiment) + 1, text, CurrentRun);
}

void TokenizerChooser::useRun() {
    const int index = m_origin->findData(CurrentRun);
    if (index < 0) return;
    m_origin->setCurrentIndex(index);
    chooseAndLoad();
}

void TokenizerChooser::onChoice() {
    const int choice = m_origin->currentData().toInt();
    m_corpusSettings->setVisible(choice == Corpus);
    m_side->setVisible(choice == CurrentRun || choice == RunFolder || choice == CheckpointFile ||
                       choice == Experiment);
    m_load->setText(choice == Corpus || choice == Experiment ? tr("Train")
                    : choice == RunFolder || choice == CheckpointFile || choice == ModelFile
                        ? tr("Choose…")
                        : tr("Load"));
    m_load->setEnabled(choice != None && !isBusy());
    if (choice == None && m_tokenizer) {
        m_tokenizer.reset();
        m_label.clear();
        setBusy(false, tr("No second tokenizer."));
        Q_EMIT tokenizerChanged();
    }
}

TokenizerConfig TokenizerChooser::corpusSettings() const {
    TokenizerConfig settings;
    settings.type =
        m_type->currentIndex() == 2 ? TokenizerType::Word : TokenizerType::SentencePiece;
    settings.model_type = m_type->currentIndex() == 1 ? SubwordModel::Unigram : SubwordModel::Bpe;
    settings.vocab_size = m_vocabSize->value();
    return settings;
}

void TokenizerChooser::chooseAndLoad() {
    TokenizerSource source;
    source.side = side();
    const auto choose = [this](const QString& caption, const QString& filter) {
        const QString path = QFileDialog::getOpenFileName(this, caption, m_corpusDir, filter);
        if (!path.isEmpty()) m_corpusDir = QFileInfo(path).absolutePath();
        return path.toStdString();
    };
    switch (m_origin->currentData().toInt()) {
        case None:
            return;
        case Experiment:
            source.origin = TokenizerOrigin::Experiment;
            source.experiment = m_experiment;
            break;
        case CurrentRun:
            source.origin = TokenizerOrigin::Run;
            source.path = m_runDir.toStdString();
            break;
        case RunFolder:
            source.origin = TokenizerOrigin::Run;
            source.path = QFileDialog::getExistingDirectory(this, tr("Run folder")).toStdString();
            break;
        case CheckpointFile:
            source.origin = TokenizerOrigin::Checkpoint;
            source.path = choose(tr("Checkpoint"), tr("Checkpoints (*.tfw);;All files (*)"));
            break;
        case ModelFile:
            source.origin = TokenizerOrigin::Model;
            source.path = choose(tr("Sentencepiece model"), tr("Models (*.model);;All files (*)"));
            break;
        case Corpus:
            source.origin = TokenizerOrigin::Corpus;
            source.settings = corpusSettings();
            source.path = choose(tr("Text to train on"), tr("Text (*.txt *.gz *);;All files (*)"));
            break;
    }
    if (source.origin != TokenizerOrigin::Experiment && source.path.empty()) return;
    load(source);
}

void TokenizerChooser::load(const TokenizerSource& source) {
    if (isBusy()) return;
    showOrigin(source);
    const bool trains =
        source.origin == TokenizerOrigin::Corpus ||
        (source.origin == TokenizerOrigin::Experiment && source.experiment.tokenizer.model.empty());
    if (!m_thread.start(
            [this, source](const std::atomic<bool>& cancelled) -> BackgroundThread::Done {
                try {
                    const SourcedTokenizer loaded = load_tokenizer(source);
                    // Training cannot be interrupted; a cancelled one is dropped when it ends.
                    if (cancelled.load()) return [this] { setBusy(false, tr("Cancelled.")); };
                    return [this, loaded, source] {
                        m_loadedSource = source;
                        showLoaded(loaded);
                    };
                } catch (const std::exception& e) {
                    const QString message = QString::fromStdString(user_error_text(e));
                    return [this, message] {
                        setBusy(false, message);
                        Q_EMIT problem(message);
                    };
                }
            }))
        return;
    setBusy(true, trains ? tr("Training the tokenizer…") : tr("Loading the tokenizer…"));
}

void TokenizerChooser::showOrigin(const TokenizerSource& source) {
    Choice choice = Experiment;
    switch (source.origin) {
        case TokenizerOrigin::Experiment:
            choice = Experiment;
            break;
        case TokenizerOrigin::Run:
            choice = QString::fromStdString(source.path) == m_runDir ? CurrentRun : RunFolder;
            break;
        case TokenizerOrigin::Checkpoint:
            choice = CheckpointFile;
            break;
        case TokenizerOrigin::Model:
            choice = ModelFile;
            break;
        case TokenizerOrigin::Corpus:
            choice = Corpus;
            m_type->setCurrentIndex(source.settings.type == TokenizerType::Word           ? 2
                                    : source.settings.model_type == SubwordModel::Unigram ? 1
                                                                                          : 0);
            m_vocabSize->setValue(source.settings.vocab_size);
            break;
    }
    m_origin->setCurrentIndex(m_origin->findData(choice));
    const QSignalBlocker block(m_side);  // showing the side is no request to switch it
    m_side->setCurrentIndex(m_side->findData(int(source.side)));
}

TokenizerSide TokenizerChooser::side() const {
    return static_cast<TokenizerSide>(m_side->currentData().toInt());
}

void TokenizerChooser::switchSide() {
    // The tokenizer on display comes from a run or checkpoint: show its other side at once.
    if (!m_loadedSource || isBusy()) return;
    const TokenizerOrigin origin = m_loadedSource->origin;
    if (origin != TokenizerOrigin::Run && origin != TokenizerOrigin::Checkpoint) return;
    if (m_loadedSource->side == side()) return;
    TokenizerSource source = *m_loadedSource;
    source.side = side();
    load(source);
}

void TokenizerChooser::cancel() {
    m_thread.cancel();
    if (isBusy()) m_status->setText(tr("Cancelling (the tokenizer being trained is dropped)…"));
}

void TokenizerChooser::setBusy(bool busy, const QString& what) {
    m_busy->setVisible(busy);
    m_cancel->setVisible(busy);
    m_origin->setEnabled(!busy);
    m_side->setEnabled(!busy);
    m_load->setEnabled(!busy && m_origin->currentData().toInt() != None);
    m_status->setText(what);
}

void TokenizerChooser::showLoaded(const SourcedTokenizer& loaded) {
    m_tokenizer = loaded.tokenizer;
    m_label = QString::fromStdString(loaded.label);
    setBusy(false, QStringLiteral("<b>%1</b><br>%2")
                       .arg(m_label.toHtmlEscaped(),
                            QString::fromStdString(describe_tokenizer(*loaded.tokenizer))));
    Q_EMIT tokenizerChanged();
}

}  // namespace tfw
