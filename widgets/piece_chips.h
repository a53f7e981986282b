#pragma once
// Tokenizer pieces shown as a row of boxes that wraps, so that a student sees exactly how
// the text was cut (sentencepiece's ▁ marks the start of a word).

#include <QLabel>
#include <QStringList>

namespace tfw {

class PieceChips final : public QLabel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PieceChips)

  public:
    explicit PieceChips(QWidget* parent = nullptr);

    void setPieces(const QStringList& pieces);
    const QStringList& pieces() const { return m_pieces; }

  private:
    QStringList m_pieces;
};

}  // namespace tfw
