#include "ui/compare/comparison_table_view.h"

#include <QCoreApplication>
#include <QHeaderView>
#include <QTableWidget>

#include <algorithm>

#include "core/compare/comparison_table.h"
#include "ui/common/choice_text.h"
#include "ui/common/phrase_text.h"
#include "ui/common/run_state_text.h"
#include "widgets/color_swatch.h"

namespace tfw {
namespace {

QTableWidgetItem* item(const QString& text) {
    auto* cell = new QTableWidgetItem(text);
    cell->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
    return cell;
}

// Numbers align right so that their digits line up; words and paths read better from the left.
bool alignRight(const ComparisonRow& row, const std::string& text) {
    if (!row.values.empty()) return true;  // a numeric row (durations included)
    bool ok = false;
    QString::fromStdString(text).toDouble(&ok);
    return ok;
}

QString cellText(const ComparisonRow& row, const std::string& cell) {
    switch (row.cells_are) {
        case ComparisonRow::Cells::Choice:
            return choiceText(cell);
        case ComparisonRow::Cells::RunState:
            return runStateText(cell);
        case ComparisonRow::Cells::Text:
            break;
    }
    return QString::fromStdString(cell);
}

}  // namespace

QColor differenceHighlight(const QTableWidget* view) {
    // Amber mixed into the base colour: visible on white and on near-black.
    const QColor base = view->palette().color(QPalette::Base);
    const QColor amber(0xF2, 0xB4, 0x2B);
    const double share = base.lightness() > 128 ? 0.35 : 0.45;
    return QColor::fromRgbF(base.redF() * (1 - share) + amber.redF() * share,
                            base.greenF() * (1 - share) + amber.greenF() * share,
                            base.blueF() * (1 - share) + amber.blueF() * share);
}

void showComparisonTable(QTableWidget* view, const ComparisonTable& table,
                         const QList<QColor>& itemColors) {
    view->clear();
    view->setRowCount(int(table.rows.size()));
    view->setColumnCount(int(table.columns.size()) + 1);
    // The corner names the rows ("setting", "metric"); core marks it for translation.
    view->setHorizontalHeaderItem(0, new QTableWidgetItem(QCoreApplication::translate(
                                         "ComparisonTable", table.corner.c_str())));
    for (size_t c = 0; c < table.columns.size(); ++c) {
        auto* header = new QTableWidgetItem(QString::fromStdString(table.columns[c]));
        if (int(c) < itemColors.size()) header->setIcon(colorSwatch(itemColors[int(c)]));
        view->setHorizontalHeaderItem(int(c) + 1, header);
    }
    const QColor highlight = differenceHighlight(view);
    for (size_t r = 0; r < table.rows.size(); ++r) {
        const ComparisonRow& row = table.rows[r];
        const auto best = best_cells(row);
        auto* label =
            item(row.title.empty() ? QString::fromStdString(row.label) : phraseText(row.title));
        if (row.differs) {
            label->setBackground(highlight);
            QFont font = label->font();
            font.setBold(true);
            label->setFont(font);
        }
        view->setItem(int(r), 0, label);
        for (size_t c = 0; c < row.cells.size(); ++c) {
            const QString text = cellText(row, row.cells[c]);
            auto* cell = item(text);
            cell->setToolTip(text);  // the whole of a long text the column cuts short
            cell->setTextAlignment(alignRight(row, row.cells[c])
                                       ? Qt::AlignRight | Qt::AlignVCenter
                                       : Qt::AlignLeft | Qt::AlignVCenter);
            if (row.differs) cell->setBackground(highlight);
            if (std::find(best.begin(), best.end(), c) != best.end()) {
                QFont font = cell->font();
                font.setBold(true);
                cell->setFont(font);
                cell->setToolTip(QObject::tr("%1 (best of this row)").arg(text));
            }
            view->setItem(int(r), int(c) + 1, cell);
        }
    }
    // A long text (an experiment's description) would make its column thousands of pixels
    // wide and push the column's right-aligned numbers out of sight: columns stop at a width
    // and long texts end in "…" (whole in the tooltip).
    view->setWordWrap(false);
    view->setTextElideMode(Qt::ElideRight);
    view->resizeColumnsToContents();
    const int widest = maxComparisonColumnWidth(view);
    for (int c = 0; c < view->columnCount(); ++c)
        view->setColumnWidth(c, std::min(view->columnWidth(c), widest));
}

int maxComparisonColumnWidth(const QTableWidget* view) {
    return view->fontMetrics().horizontalAdvance(QLatin1Char('x')) * 45;
}

}  // namespace tfw
