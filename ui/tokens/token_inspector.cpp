#include "ui/tokens/token_inspector.h"
#include "ui/common/number_text.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include "core/util/error_text.h"
#include "ui/tokens/tokenizer_chooser.h"
#include "widgets/piece_chips.h"
#include "widgets/pieces_per_word_chart.h"

namespace tfw {
namespace {

constexpr int kTopPieces = 25;

QList<PieceChip> chipsOf(const Tokenizer& tokenizer, const QString& text) {
    QList<PieceChip> chips;
    for (const TokenPiece& piece : inspect_pieces(tokenizer, text.toStdString()))
        chips.append({QString::fromStdString(piece.text), piece.id, piece.unknown});
    return chips;
}

QTableWidgetItem* cell(const QString& text, bool number = true) {
    auto* item = new QTableWidgetItem(text);
    item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    if (number) item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

}  // namespace

TokenInspector::TokenInspector(QWidget* parent)
    : QWidget(parent),
      m_a(new TokenizerChooser(tr("Tokenizer A"), false, this)),
      m_b(new TokenizerChooser(tr("Tokenizer B (optional)"), true, this)),
      m_text(new QPlainTextEdit(this)),
      m_countA(new QLabel(this)),
      m_countB(new QLabel(this)),
      m_chipsA(new PieceChips(this)),
      m_chipsB(new PieceChips(this)),
      m_corpus(new QLineEdit(this)),
      m_compute(new QPushButton(tr("Statistics"), this)),
      m_cancel(new QPushButton(tr("Cancel"), this)),
      m_progress(new QProgressBar(this)),
      m_corpusNote(new QLabel(this)),
      m_stats(new QTableWidget(this)),
      m_top(new QTableWidget(this)),
      m_chart(new PiecesPerWordChart(this)) {
    setWindowTitle(tr("Tokenization inspector"));
    auto* layout = new QVBoxLayout(this);
    auto* choosers = new QHBoxLayout;
    choosers->addWidget(m_a, 1);
    choosers->addWidget(m_b, 1);
    layout->addLayout(choosers);

    m_text->setPlaceholderText(tr("Type a text to see its pieces…"));
    m_text->setMaximumHeight(64);
    layout->addWidget(m_text);
    auto* pieces = new QGridLayout;
    pieces->addWidget(m_countA, 0, 0, Qt::AlignTop);
    pieces->addWidget(m_chipsA, 0, 1);
    pieces->addWidget(m_countB, 1, 0, Qt::AlignTop);
    pieces->addWidget(m_chipsB, 1, 1);
    pieces->setColumnStretch(1, 1);
    layout->addLayout(pieces);

    auto* corpusRow = new QHBoxLayout;
    corpusRow->addWidget(new QLabel(tr("Corpus"), this));
    m_corpus->setPlaceholderText(tr("a text file (plain or .gz) to measure both tokenizers on"));
    corpusRow->addWidget(m_corpus, 1);
    auto* choose = new QPushButton(tr("Choose…"), this);
    corpusRow->addWidget(choose);
    corpusRow->addWidget(m_compute);
    m_progress->setRange(0, 100);
    corpusRow->addWidget(m_progress);
    corpusRow->addWidget(m_cancel);
    layout->addLayout(corpusRow);
    m_corpusNote->setForegroundRole(QPalette::PlaceholderText);
    layout->addWidget(m_corpusNote);

    m_stats->setColumnCount(0);
    m_stats->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_stats->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_top->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_top->verticalHeader()->setVisible(false);
    auto* results = new QSplitter(this);
    results->addWidget(m_stats);
    results->addWidget(m_top);
    results->addWidget(m_chart);
    results->setStretchFactor(0, 2);
    results->setStretchFactor(1, 2);
    results->setStretchFactor(2, 3);
    layout->addWidget(results, 1);

    connect(m_text, &QPlainTextEdit::textChanged, this, &TokenInspector::showPieces);
    for (TokenizerChooser* chooser : {m_a, m_b})
        connect(chooser, &TokenizerChooser::tokenizerChanged, this, [this] {
            showPieces();
            m_compute->setEnabled(m_a->tokenizer() != nullptr && !isComputing());
        });
    connect(choose, &QPushButton::clicked, this, &TokenInspector::chooseCorpus);
    connect(m_compute, &QPushButton::clicked, this, [this] { computeCorpus(m_corpus->text()); });
    connect(m_corpus, &QLineEdit::returnPressed, this, [this] { computeCorpus(m_corpus->text()); });
    connect(m_cancel, &QPushButton::clicked, this, &TokenInspector::cancelCorpus);
    setComputing(false);
    showPieces();
    resize(1200, 800);
}

void TokenInspector::setExperiment(const ExperimentConfig& config) {
    m_a->setExperiment(config);
    m_b->setExperiment(config);
}

void TokenInspector::setRun(const QString& runDir) {
    m_a->setRun(runDir);
    m_b->setRun(runDir);
}

void TokenInspector::setText(const QString& text) {
    m_text->setPlainText(text);
}

void TokenInspector::showPieces() {
    const QString text = m_text->toPlainText();
    const auto show = [&](TokenizerChooser* chooser, QLabel* count, PieceChips* chips,
                          const QString& name) {
        const auto tokenizer = chooser->tokenizer();
        chips->setVisible(tokenizer != nullptr);
        count->setVisible(tokenizer != nullptr);
        if (!tokenizer) return;
        chips->setChips(chipsOf(*tokenizer, text));
        count->setText(
            tr("<b>%1</b> · %n piece(s)", nullptr, static_cast<int>(chips->chips().size()))
                .arg(name));
        count->setToolTip(chooser->label());
    };
    show(m_a, m_countA, m_chipsA, QStringLiteral("A"));
    show(m_b, m_countB, m_chipsB, QStringLiteral("B"));
}

void TokenInspector::chooseCorpus() {
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Corpus"), QFileInfo(m_corpus->text()).absolutePath(),
                                     tr("Text (*.txt *.gz *);;All files (*)"));
    if (path.isEmpty()) return;
    m_corpus->setText(path);
    computeCorpus(path);
}

void TokenInspector::computeCorpus(const QString& path) {
    std::vector<std::shared_ptr<const Tokenizer>> tokenizers;
    QStringList names;
    QVector<int> vocabSizes;
    for (TokenizerChooser* chooser : {m_a, m_b}) {
        if (!chooser->tokenizer()) continue;
        tokenizers.push_back(chooser->tokenizer());
        names.append((chooser == m_a ? QStringLiteral("A: ") : QStringLiteral("B: ")) +
                     chooser->label());
        vocabSizes.append(chooser->tokenizer()->vocab_size());
    }
    if (tokenizers.empty() || path.isEmpty() || isComputing()) return;
    m_corpus->setText(path);
    QProgressBar* bar = m_progress;
    const std::string file = path.toStdString();
    m_thread.start([this, tokenizers, names, vocabSizes, file,
                    bar](const std::atomic<bool>& cancelled) -> BackgroundThread::Done {
        try {
            QVector<CorpusTokenStats> stats;
            CorpusStatsOptions options;
            options.top = kTopPieces;
            int shown = -1;
            for (size_t i = 0; i < tokenizers.size(); ++i) {
                stats.append(
                    corpus_token_stats_of_file(*tokenizers[i], file, options, [&](double fraction) {
                        const int percent = static_cast<int>(100 * (double(i) + fraction) /
                                                             double(tokenizers.size()));
                        if (percent != shown)
                            QMetaObject::invokeMethod(
                                bar, [bar, percent] { bar->setValue(percent); },
                                Qt::QueuedConnection);
                        shown = percent;
                        return !cancelled.load();
                    }));
                if (!stats.last().complete)
                    return [this] {
                        setComputing(false);
                        m_corpusNote->setText(tr("Cancelled."));
                    };
            }
            return [this, stats, names, vocabSizes] {
                setComputing(false);
                showStats(stats, names, vocabSizes);
                Q_EMIT corpusFinished();
            };
        } catch (const std::exception& e) {
            const QString message = QString::fromStdString(user_error_text(e));
            return [this, message] {
                setComputing(false);
                m_corpusNote->setText(message);
                Q_EMIT corpusFinished();
            };
        }
    });
    m_progress->setValue(0);
    m_corpusNote->setText(tr("Reading %1…").arg(QFileInfo(path).fileName()));
    setComputing(true);
}

QString TokenInspector::corpusNote() const {
    return m_corpusNote->text();
}

void TokenInspector::cancelCorpus() {
    m_thread.cancel();
}

void TokenInspector::setComputing(bool computing) {
    m_progress->setVisible(computing);
    m_cancel->setVisible(computing);
    m_compute->setEnabled(!computing && m_a->tokenizer() != nullptr);
}

void TokenInspector::showStats(const QVector<CorpusTokenStats>& stats, const QStringList& names,
                               const QVector<int>& vocabSizes) {
    const CorpusTokenStats& first = stats.first();
    m_corpusNote->setText(tr("%1: %L2 lines, %L3 words")
                              .arg(QFileInfo(m_corpus->text()).fileName())
                              .arg(first.lines)
                              .arg(first.words));
    const QStringList rows = {tr("Pieces"), tr("Pieces per word"), tr("Unknown rate"),
                              tr("Unknown pieces"), tr("Pieces used")};
    m_stats->clear();
    m_stats->setRowCount(static_cast<int>(rows.size()));
    m_stats->setColumnCount(static_cast<int>(stats.size()));
    m_stats->setVerticalHeaderLabels(rows);
    QStringList columns;
    for (int c = 0; c < stats.size(); ++c) {
        const CorpusTokenStats& s = stats[c];
        columns.append(names[c].left(1));
        m_stats->setItem(0, c, cell(QStringLiteral("%L1").arg(s.pieces)));
        m_stats->setItem(1, c, cell(fixedText(s.pieces_per_word(), 3)));
        m_stats->setItem(2, c, cell(fixedText(100 * s.unknown_rate(), 2) + " %"));
        m_stats->setItem(3, c, cell(QStringLiteral("%L1").arg(s.unknown)));
        m_stats->setItem(4, c, cell(tr("%L1 of %L2").arg(s.distinct_pieces).arg(vocabSizes[c])));
    }
    m_stats->setHorizontalHeaderLabels(columns);
    for (int c = 0; c < stats.size(); ++c) m_stats->horizontalHeaderItem(c)->setToolTip(names[c]);

    m_top->clear();
    m_top->setColumnCount(static_cast<int>(2 * stats.size()));
    QStringList topColumns;
    int topRows = 0;
    for (int c = 0; c < stats.size(); ++c) {
        topColumns << tr("%1 piece").arg(names[c].left(1)) << tr("count");
        topRows = std::max(topRows, static_cast<int>(stats[c].top_pieces.size()));
    }
    m_top->setHorizontalHeaderLabels(topColumns);
    m_top->setRowCount(topRows);
    for (int c = 0; c < stats.size(); ++c)
        for (int r = 0; r < static_cast<int>(stats[c].top_pieces.size()); ++r) {
            const auto& [piece, count] = stats[c].top_pieces[static_cast<size_t>(r)];
            m_top->setItem(r, 2 * c, cell(QString::fromStdString(piece), false));
            m_top->setItem(r, 2 * c + 1, cell(QStringLiteral("%L1").arg(count)));
        }

    QVector<QVector<double>> shares;
    for (const CorpusTokenStats& s : stats) {
        QVector<double> share;
        for (const int64_t words : s.words_by_pieces)
            share.append(s.words > 0 ? double(words) / double(s.words) : 0.0);
        shares.append(share);
    }
    QStringList letters;  // the legend stays small; the tables' headers name the tokenizers
    for (const QString& name : names) letters.append(name.left(1));
    m_chart->setSeries(letters, shares);
}

}  // namespace tfw
