#include "widgets/piece_chips.h"

namespace tfw {

PieceChips::PieceChips(QWidget* parent) : QLabel(parent) {
    setWordWrap(true);
    setTextFormat(Qt::RichText);
    setTextInteractionFlags(Qt::TextSelectableByMouse);
}

void PieceChips::setPieces(const QStringList& pieces) {
    QList<PieceChip> chips;
    for (const QString& piece : pieces) chips.append({piece, -1, false});
    setChips(chips);
}

void PieceChips::setChips(const QList<PieceChip>& chips) {
    m_chips = chips;
    m_pieces.clear();
    // Alternating backgrounds keep neighbouring pieces apart even when they are one letter;
    // unknown pieces stand out in red.
    QString html;
    int unknown = 0;
    for (int i = 0; i < chips.size(); ++i) {
        const PieceChip& chip = chips[i];
        m_pieces.append(chip.text);
        unknown += chip.unknown;
        const QString background = chip.unknown ? QStringLiteral("#f4b4b4")
                                   : i % 2 == 0 ? QStringLiteral("#dbe6fb")
                                                : QStringLiteral("#fbe3c8");
        const QString id =
            chip.id < 0 ? QString()
                        : QStringLiteral("<sub style=\"color:#555555;\">%1</sub>").arg(chip.id);
        html += QStringLiteral(
                    "<span style=\"background-color:%1; color:#1a1a1a;\">&nbsp;%2%3&nbsp;</span> ")
                    .arg(background, chip.text.toHtmlEscaped(), id);
    }
    setText(html);
    QString tip = tr("%n piece(s)", nullptr, static_cast<int>(chips.size()));
    if (unknown > 0) tip += tr(", %n unknown (<unk>, in red)", nullptr, unknown);
    setToolTip(tip);
}

}  // namespace tfw
