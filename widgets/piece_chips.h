#pragma once
// Tokenizer pieces shown as a row of boxes that wraps, so that a student sees exactly how
// the text was cut (sentencepiece's ▁ marks the start of a word); optionally each with its id
// and the unknown ones marked.

#include <QLabel>
#include <QList>
#include <QStringList>

namespace tfw {

struct PieceChip {
    QString text;
    int id = -1;  // shown after the piece; -1 = not shown
    bool unknown = false;
};

class PieceChips final : public QLabel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PieceChips)

  public:
    explicit PieceChips(QWidget* parent = nullptr);

    void setPieces(const QStringList& pieces);
    void setChips(const QList<PieceChip>& chips);
    const QStringList& pieces() const { return m_pieces; }
    const QList<PieceChip>& chips() const { return m_chips; }

  private:
    QStringList m_pieces;
    QList<PieceChip> m_chips;
};

}  // namespace tfw
