#pragma once
// One set of sanity-check results: a row per check (status, title, measured figure) with its
// details (per-layer norms, per-head entropies ...) folded under it, a summary line above and
// the selected check's explanation below.

#include <QWidget>

#include "core/check/check_result.h"

class QLabel;
class QTextBrowser;
class QTreeWidget;

namespace tfw {

class ChecksView final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ChecksView)

  public:
    explicit ChecksView(QWidget* parent = nullptr);

    void showReport(const ChecksReport& report);
    void clear();

    // "2 passed · 1 warning · 1 failed" (empty for no results).
    static QString summaryText(const ChecksReport& report);
    static QString statusText(CheckStatus status);

    QTreeWidget* tree() const { return m_tree; }
    QTextBrowser* explanation() const { return m_explanation; }

  private:
    void showExplanation();

    QLabel* m_summary;
    QTreeWidget* m_tree;
    QTextBrowser* m_explanation;
    ChecksReport m_report;
};

}  // namespace tfw
