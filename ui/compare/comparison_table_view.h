#pragma once
// Shows a ComparisonTable (config diff or metrics) in a QTableWidget: one column per item
// with the item's colour in its header, differing rows highlighted, each row's best value
// in bold, numbers right-aligned.

#include <QColor>
#include <QList>

class QTableWidget;

namespace tfw {

struct ComparisonTable;

void showComparisonTable(QTableWidget* view, const ComparisonTable& table,
                         const QList<QColor>& itemColors);

// The background that marks a differing row (readable on light and dark palettes).
QColor differenceHighlight(const QTableWidget* view);

}  // namespace tfw
