#pragma once
// Shows a ComparisonTable (config diff or metrics) in a QTableWidget: one column per item
// with the item's colour in its header, differing rows highlighted, each row's best value
// in bold, numbers right-aligned; a long text is cut short with "…" (whole in its tooltip), so
// that no column grows wider than maxComparisonColumnWidth().

#include <QColor>
#include <QList>

class QTableWidget;

namespace tfw {

struct ComparisonTable;

void showComparisonTable(QTableWidget* view, const ComparisonTable& table,
                         const QList<QColor>& itemColors);

// The widest a column of the table gets (about 45 characters).
int maxComparisonColumnWidth(const QTableWidget* view);

// The background that marks a differing row (readable on light and dark palettes).
QColor differenceHighlight(const QTableWidget* view);

}  // namespace tfw
