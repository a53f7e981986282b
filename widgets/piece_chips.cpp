#include "widgets/piece_chips.h"

namespace tfw {

PieceChips::PieceChips(QWidget* parent) : QLabel(parent) {
    setWordWrap(true);
    setTextFormat(Qt::RichText);
    setTextInteractionFlags(Qt::TextSelectableByMouse);
}

void PieceChips::setPieces(const QStringList& pieces) {
    m_pieces = pieces;
    // Alternating backgrounds keep neighbouring pieces apart even when they are one letter.
    QString html;
    for (int i = 0; i < pieces.size(); ++i) {
        const QString background =
            i % 2 == 0 ? QStringLiteral("#dbe6fb") : QStringLiteral("#fbe3c8");
        html += QStringLiteral(
                    "<span style=\"background-color:%1; color:#1a1a1a;\">&nbsp;%2&nbsp;</span> ")
                    .arg(background, pieces[i].toHtmlEscaped());
    }
    setText(html);
    setToolTip(tr("%n piece(s)", nullptr, static_cast<int>(pieces.size())));
}

}  // namespace tfw
